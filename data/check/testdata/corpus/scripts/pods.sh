#!/bin/sh
# kubectl run with each flag 1.31 dropped, long and short, and look-alikes that stay.
kubectl run web --image=nginx --filename=pod.yaml  # want: kubectl-run-removed-flag
kubectl run web --image=nginx -f pod.yaml  # want: kubectl-run-removed-flag
kubectl run web --image=nginx --force  # want: kubectl-run-removed-flag
kubectl run web --image=nginx --grace-period=0  # want: kubectl-run-removed-flag
kubectl run web --image=nginx --kustomize ./overlay  # want: kubectl-run-removed-flag
kubectl run web --image=nginx -k ./overlay  # want: kubectl-run-removed-flag
kubectl run web --image=nginx --recursive  # want: kubectl-run-removed-flag
kubectl run web --image=nginx -R  # want: kubectl-run-removed-flag
kubectl run web --image=nginx --timeout 30s  # want: kubectl-run-removed-flag
kubectl -n jobs run once --image=busybox --restart=Never --wait=true -- date  # want: kubectl-run-removed-flag
# the same words for other subcommands, or for the container, are fine
kubectl delete pod web --force --grace-period=0 --wait=false --timeout=30s
kubectl apply -R -f manifests/ -k overlay/
kubectl wait --for=condition=Ready pod/web --timeout=60s
kubectl run probe --image=curlimages/curl --rm -i --restart=Never -- curl --max-time 5 -f http://web
kubectl run sleeper --image=busybox --command -- sleep --force 30
# quoted flags are the same flags
kube-controller-manager "--cloud-provider=aws" --leader-elect=true  # want: intree-cloud-provider
kube-apiserver --cloud-provider 'gce' --etcd-servers=https://127.0.0.1:2379  # want: intree-cloud-provider
kubelet --keep-terminated-pod-volumes=true  # want: keep-terminated-pod-volumes
# an empty or external provider is what 1.31 expects
kubelet --cloud-provider= --config=/var/lib/kubelet/config.yaml
kubelet --cloud-provider "" --config=/var/lib/kubelet/config.yaml
kube-controller-manager --cloud-provider=external
