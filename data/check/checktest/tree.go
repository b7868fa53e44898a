// Package checktest writes the trees that elli check is measured on: the benchmark in
// data/check and scripts/measure-check.sh (through scripts/checktree) use the same one.
package checktest

import (
	"fmt"
	"os"
	"path/filepath"
)

// manifest is a typical small chart output: a Deployment and its Service, about 720 bytes,
// with nothing in it that 1.31 changes.
const manifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-%05[1]d
  namespace: team-%02[2]d
  labels:
    app.kubernetes.io/name: web-%05[1]d
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: web-%05[1]d
  template:
    metadata:
      labels:
        app.kubernetes.io/name: web-%05[1]d
    spec:
      containers:
      - name: web
        image: registry.example.com/shop/web:1.%[2]d.0
        ports:
        - containerPort: 8080
        readinessProbe:
          httpGet: {path: /healthz, port: 8080}
---
apiVersion: v1
kind: Service
metadata:
  name: web-%05[1]d
  namespace: team-%02[2]d
spec:
  selector:
    app.kubernetes.io/name: web-%05[1]d
  ports:
  - port: 80
    targetPort: 8080
`

// smallManifest is a short Deployment carrying the deprecated AppArmor annotation, and its
// Service (about 690 bytes): every file is parsed and has a finding, and with files this small
// what a scan pays per file (opening, reading, the worker hand-offs) weighs most.
const smallManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-%05[1]d
  namespace: team-%02[2]d
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: web-%05[1]d
  template:
    metadata:
      labels:
        app.kubernetes.io/name: web-%05[1]d
      annotations:
        container.apparmor.security.beta.kubernetes.io/web: runtime/default
    spec:
      containers:
      - name: web
        image: registry.example.com/shop/web:1.%[2]d.0
        ports:
        - containerPort: 8080
---
apiVersion: v1
kind: Service
metadata:
  name: web-%05[1]d
  namespace: team-%02[2]d
spec:
  selector:
    app.kubernetes.io/name: web-%05[1]d
  ports:
  - port: 80
    targetPort: 8080
`

// WriteSmallTree writes n small manifests, each with one finding, and returns the bytes
// written.
func WriteSmallTree(dir string, n int) (int64, error) {
	return write(dir, n, func(i int) []byte { return fmt.Appendf(nil, smallManifest, i, i/100%100) })
}

// WriteTree writes n manifests into dir, 100 to a folder, and returns the bytes written.
func WriteTree(dir string, n int) (int64, error) {
	return write(dir, n, func(i int) []byte { return fmt.Appendf(nil, manifest, i, i/100%100) })
}

// write writes the n files that file makes, 100 to a folder.
func write(dir string, n int, file func(i int) []byte) (int64, error) {
	var total int64
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("team-%02d", i/100%100), fmt.Sprintf("app-%03d", i/100))
		if i%100 == 0 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				return total, err
			}
		}
		b := file(i)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("web-%05d.yaml", i)), b, 0o644); err != nil {
			return total, err
		}
		total += int64(len(b))
	}
	return total, nil
}

// denseManifest is a Deployment as kubectl get -o yaml prints it from a cluster that set the
// deprecated AppArmor annotation everywhere, with its Service: every file holds a finding, so
// every document is parsed and reported (about 1.6 KB).
const denseManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "3"
  creationTimestamp: "2024-05-14T09:21:%02[3]dZ"
  generation: 3
  labels:
    app.kubernetes.io/name: web-%05[1]d
  name: web-%05[1]d
  namespace: team-%02[2]d
  resourceVersion: "%[1]d482"
  uid: 6f1c2a4e-%04[1]x-4d1b-9a57-0c2e5b8f%04[1]x
spec:
  progressDeadlineSeconds: 600
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app.kubernetes.io/name: web-%05[1]d
  strategy:
    rollingUpdate:
      maxSurge: 25%%
      maxUnavailable: 25%%
    type: RollingUpdate
  template:
    metadata:
      annotations:
        container.apparmor.security.beta.kubernetes.io/web: runtime/default
      labels:
        app.kubernetes.io/name: web-%05[1]d
    spec:
      containers:
      - image: registry.example.com/shop/web:1.%[2]d.0
        imagePullPolicy: IfNotPresent
        name: web
        ports:
        - containerPort: 8080
          protocol: TCP
        readinessProbe:
          httpGet: {path: /healthz, port: 8080, scheme: HTTP}
        resources:
          requests: {cpu: 100m, memory: 128Mi}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 3
  observedGeneration: 3
  readyReplicas: 3
  replicas: 3
  updatedReplicas: 3
---
apiVersion: v1
kind: Service
metadata:
  name: web-%05[1]d
  namespace: team-%02[2]d
spec:
  selector:
    app.kubernetes.io/name: web-%05[1]d
  ports:
  - port: 80
    protocol: TCP
    targetPort: 8080
  type: ClusterIP
`

// WriteDenseTree writes n manifests shaped like WriteTree's, each Deployment with an AppArmor
// annotation (one finding per file), and returns the bytes written.
func WriteDenseTree(dir string, n int) (int64, error) {
	return write(dir, n, func(i int) []byte { return fmt.Appendf(nil, denseManifest, i, i/100%100, i%60) })
}
