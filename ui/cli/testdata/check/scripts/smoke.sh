#!/bin/sh
set -eu
kubectl -n shop rollout status deploy/shop
kubectl -n shop exec deploy/shop curl -fsS localhost:8080/healthz
