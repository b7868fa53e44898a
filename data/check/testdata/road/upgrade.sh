#!/bin/sh
# Written for the tests: node and control-plane steps.
kubelet --runonce --config /var/lib/kubelet/config.yaml  # want: road-removed-flag
kubeadm upgrade apply v1.32.0 --feature-gates=EtcdLearnerMode=true  # want: road-removed-flag
kubeadm init --feature-gates=EtcdLearnerMode=true
kubectl get selfsubjectreviews.v1beta1.authentication.k8s.io
kube-proxy --proxy-mode=ipvs --v=2  # want: kube-proxy-ipvs-mode
kube-proxy --proxy-mode=iptables
kubelet --event-qps=0 --kubeconfig=/etc/kubernetes/kubelet.conf  # want: kubelet-event-record-qps-zero
kubeadm init phase upload-config all --experimental-output=json  # want: kubeadm-experimental-output road-removed-flag
