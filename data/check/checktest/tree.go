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
  name: web-%[1]05d
  namespace: team-%[2]02d
  labels:
    app.kubernetes.io/name: web-%[1]05d
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: web-%[1]05d
  template:
    metadata:
      labels:
        app.kubernetes.io/name: web-%[1]05d
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
  name: web-%[1]05d
  namespace: team-%[2]02d
spec:
  selector:
    app.kubernetes.io/name: web-%[1]05d
  ports:
  - port: 80
    targetPort: 8080
`

// WriteTree writes n manifests into dir, 100 to a folder, and returns the bytes written.
func WriteTree(dir string, n int) (int64, error) {
	var total int64
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("team-%02d", i/100%100), fmt.Sprintf("app-%03d", i/100))
		if i%100 == 0 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				return total, err
			}
		}
		b := fmt.Appendf(nil, manifest, i, i/100%100)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("web-%05d.yaml", i)), b, 0o644); err != nil {
			return total, err
		}
		total += int64(len(b))
	}
	return total, nil
}
