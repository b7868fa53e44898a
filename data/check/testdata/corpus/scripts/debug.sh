#!/usr/bin/env bash
# Runbook helpers; the commented-out line below is not a finding:
# kubectl exec "$POD" ls /data
set -euo pipefail
NS=${NS:-shop}
POD=$(kubectl -n "$NS" get pod -l app=web -o name | head -1)
kubectl -n "$NS" exec "$POD" ls /data  # want: kubectl-exec-without-separator
kubectl exec -it "$POD" -c app -- sh -c 'ls /data'
kubectl exec "$POD" -c app -- cat /etc/hostname
sudo kubectl --context prod exec -i web-0 \
  -c db \
  pg_dump shop > dump.sql  # want: kubectl-exec-without-separator
kubectl run debug --image=busybox --restart=Never --wait=false -- sleep 3600  # want: kubectl-run-removed-flag
kubectl run tmp --image=busybox --rm -it -- sh -c 'echo --force'
kubectl drain "$NODE" --ignore-daemonsets --delete-local-data  # want: kubectl-drain-delete-local-data
kubectl drain "$NODE" --ignore-daemonsets --delete-emptydir-data
echo "kubectl exec $POD ls"
cat <<EOM
Run: kubectl exec web-0 ls
EOM
kubeadm upgrade plan --experimental-output=yaml  # want: kubeadm-experimental-output
/usr/bin/kubelet --cloud-provider=azure --config=/var/lib/kubelet/config.yaml &  # want: intree-cloud-provider
