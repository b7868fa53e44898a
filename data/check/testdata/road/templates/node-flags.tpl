# Written for the tests: a template whose lines pass flags to a program they do not name.
{{- if .Values.legacy }}
  --pod-infra-container-image={{ .Values.pause }}  # want: road-removed-flag
  --not-a-removed-flag=1
{{- end }}
