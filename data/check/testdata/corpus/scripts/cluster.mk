# included by the Makefile: *.mk recipes are scripts too
KUBECTL ?= kubectl

debug-pod:
	$(KUBECTL) run debug --image=busybox --restart=Never --timeout=60s -- sleep 600  # want: kubectl-run-removed-flag
	$(KUBECTL) exec debug -- cat /etc/resolv.conf

logs:
	@$(KUBECTL) exec $(POD) \
	  tail -n 100 /var/log/app.log  # want: kubectl-exec-without-separator

NOTE = kubectl exec $(POD) env
