#!/bin/sh
# Written for the tests: node and control-plane steps.
kubelet --runonce --config /var/lib/kubelet/config.yaml  # want: road-removed-flag
kubeadm upgrade apply v1.32.0 --feature-gates=EtcdLearnerMode=true  # want: road-removed-flag
kubeadm init --feature-gates=EtcdLearnerMode=true
kubectl get selfsubjectreviews.v1beta1.authentication.k8s.io
