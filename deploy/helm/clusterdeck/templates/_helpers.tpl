{{- define "clusterdeck.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "clusterdeck.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "clusterdeck.labels" -}}
{{ include "clusterdeck.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "clusterdeck.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/*
Refuses what cannot work. The embedded PostgreSQL lives in one pod, so a second web replica, the
autoscaler or a separate worker would each see a different database.
*/}}
{{- define "clusterdeck.guard" -}}
{{- if not .Values.database.external -}}
{{- if gt (int .Values.web.replicas) 1 -}}
{{- fail (printf "web.replicas is %d but database.external is false: several replicas need an external PostgreSQL (set database.external=true and DATABASE_URL in the existing Secret)" (int .Values.web.replicas)) -}}
{{- end -}}
{{- if .Values.web.autoscaling.enabled -}}
{{- fail "web.autoscaling.enabled needs an external PostgreSQL: set database.external=true, or web.autoscaling.enabled=false" -}}
{{- end -}}
{{- end -}}
{{- $trustProxy := toString .Values.trustProxy -}}
{{- if or (eq $trustProxy "true") (regexMatch "^[0-9]+$" $trustProxy) -}}
{{- fail (printf "trustProxy is %s: name the addresses or CIDR ranges of the ingress controller's pods instead (e.g. 10.0.0.0/8), so a client cannot choose the address the rate limits and the audit log see" $trustProxy) -}}
{{- end -}}
{{- if not .Values.existingSecret -}}
{{- fail "existingSecret must name a Secret holding SESSION_SECRET and SECRETS_KEY (and DATABASE_URL for an external database)" -}}
{{- end -}}
{{- end -}}

{{- define "clusterdeck.env" -}}
- name: NODE_ENV
  value: production
- name: APP_URL
  value: {{ .Values.appUrl | quote }}
{{- with .Values.trustProxy }}
- name: TRUST_PROXY
  value: {{ . | quote }}
{{- end }}
- name: DATA_DIR
  value: /var/lib/clusterdeck
{{- range $name, $value := .Values.env }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- if .Values.database.external }}
- name: DATABASE_URL
  valueFrom: { secretKeyRef: { name: {{ .Values.existingSecret }}, key: DATABASE_URL } }
{{- end }}
- name: SESSION_SECRET
  valueFrom: { secretKeyRef: { name: {{ .Values.existingSecret }}, key: SESSION_SECRET } }
- name: SECRETS_KEY
  valueFrom: { secretKeyRef: { name: {{ .Values.existingSecret }}, key: SECRETS_KEY } }
{{- range $key := list "SMTP_URL" "STRIPE_SECRET_KEY" "STRIPE_WEBHOOK_SECRET" }}
- name: {{ $key }}
  valueFrom: { secretKeyRef: { name: {{ $.Values.existingSecret }}, key: {{ $key }}, optional: true } }
{{- end }}
{{- end -}}

{{/* The read-only root file system leaves two writable folders, both emptyDir. */}}
{{- define "clusterdeck.volumes" -}}
- name: tmp
  emptyDir: {}
- name: data
  emptyDir: {}
{{- end -}}

{{- define "clusterdeck.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /var/lib/clusterdeck
{{- end -}}

{{- define "clusterdeck.podPlacement" -}}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}
