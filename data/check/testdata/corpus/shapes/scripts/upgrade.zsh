#!/bin/zsh
kubectl drain "$node" --ignore-daemonsets --delete-local-data  # want: kubectl-drain-delete-local-data
