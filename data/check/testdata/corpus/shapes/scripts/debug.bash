#!/usr/bin/env bash
# Written for the tests: an unquoted command substitution is one word of the command.
pod_default() { kubectl get pod -l app=web -o name | head -1; }
kubectl exec -it $(pod_default) bash  # want: kubectl-exec-without-separator
kubectl exec -it -c "$CONTAINER" `pod_default` -- bash
kubectl exec -it -c "$CONTAINER" $(pod_default) env  # want: kubectl-exec-without-separator
echo "$(kubectl exec $(pod_default) -- date)"
for p in $(kubectl get pods -o name); do kubectl exec "$p" -- true; done
kubectl exec $(kubectl get pod -l app=web -o name | head -1) ls  # want: kubectl-exec-without-separator
kubelet --cloud-provider=$KUBELET_CLOUD_PROVIDER --config=/var/lib/kubelet/config.yaml  # want: cloud-provider-from-variable
kubelet --cloud-provider="${CLOUD_PROVIDER:-external}"  # want: cloud-provider-from-variable
kubelet --cloud-provider=external
echo $(( 1 + $(date +%s) ))
