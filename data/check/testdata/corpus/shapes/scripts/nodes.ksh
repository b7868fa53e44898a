#!/bin/ksh
kubectl run debug --image=busybox --restart=Never --wait  # want: kubectl-run-removed-flag
