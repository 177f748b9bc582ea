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
{{- $access := .Values.managementCluster.access -}}
{{- if not (has $access (list "none" "serviceAccount" "kubeconfigSecret")) -}}
{{- fail (printf "managementCluster.access is %s: choose none, serviceAccount or kubeconfigSecret" $access) -}}
{{- end -}}
{{- if and (eq $access "kubeconfigSecret") (not .Values.managementCluster.kubeconfigSecret.name) -}}
{{- fail "managementCluster.access is kubeconfigSecret: name the Secret holding the management cluster's kubeconfig in managementCluster.kubeconfigSecret.name" -}}
{{- end -}}
{{- if and (eq (toString .Values.env.PROVISIONING_DRIVER) "clusterapi") (eq $access "none") -}}
{{- fail "PROVISIONING_DRIVER is clusterapi but managementCluster.access is none: the driver could not reach the management cluster (set serviceAccount or kubeconfigSecret)" -}}
{{- end -}}
{{- if and .Values.networkPolicy.enabled .Values.networkPolicy.egress.enabled (ne $access "none") (not .Values.networkPolicy.egress.managementCluster.cidrs) -}}
{{- fail "networkPolicy.egress.managementCluster.cidrs is empty: name the management cluster API server's addresses, or the egress policy drops every call to it" -}}
{{- end -}}
{{- range $id := .Values.managementCluster.infrastructureProviders -}}
{{- if not (hasKey (include "clusterdeck.infrastructureProviders" $ | fromYaml) $id) -}}
{{- fail (printf "managementCluster.infrastructureProviders: %s is not a provider of the clusterapi driver" $id) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
The Cluster API infrastructure providers the clusterapi driver renders for
(server/provisioning/clusterapi/providers.ts): the resources of their cluster and machine template
kinds in infrastructure.cluster.x-k8s.io, and whether the provider check (the web pods) covers
them. tests/deploy/helm-chart.test.ts keeps this table equal to the driver's.
*/}}
{{- define "clusterdeck.infrastructureProviders" -}}
openstack: { clusters: openstackclusters, machineTemplates: openstackmachinetemplates, checked: false }
metal3: { clusters: metal3clusters, machineTemplates: metal3machinetemplates, checked: false }
hetzner: { clusters: hetznerclusters, machineTemplates: hcloudmachinetemplates, checked: false }
outscale: { clusters: oscclusters, machineTemplates: oscmachinetemplates, checked: false }
scaleway: { clusters: scalewayclusters, machineTemplates: scalewaymachinetemplates, checked: false }
aws: { clusters: awsclusters, machineTemplates: awsmachinetemplates, checked: true }
gcp: { clusters: gcpclusters, machineTemplates: gcpmachinetemplates, checked: true }
azure: { clusters: azureclusters, machineTemplates: azuremachinetemplates, checked: true }
ibm: { clusters: ibmvpcclusters, machineTemplates: ibmvpcmachinetemplates, checked: true }
huawei: { clusters: huaweicloudclusters, machineTemplates: huaweicloudmachinetemplates, checked: true }
alibaba: { clusters: aliyunmanagedclusters, machineTemplates: "", checked: true }
digitalocean: { clusters: doclusters, machineTemplates: domachinetemplates, checked: true }
{{- end -}}

{{/* The chosen providers' resources: `clusters`, `machineTemplates`, and the provider check's `checkedClusters`. */}}
{{- define "clusterdeck.infrastructureResources" -}}
{{- $table := include "clusterdeck.infrastructureProviders" . | fromYaml -}}
{{- $clusters := list -}}
{{- $templates := list -}}
{{- $checked := list -}}
{{- range $id := .Values.managementCluster.infrastructureProviders -}}
{{- $provider := get $table $id -}}
{{- $clusters = append $clusters $provider.clusters -}}
{{- if $provider.machineTemplates }}{{ $templates = append $templates $provider.machineTemplates }}{{ end -}}
{{- if $provider.checked }}{{ $checked = append $checked $provider.clusters }}{{ end -}}
{{- end -}}
{{- toYaml (dict "clusters" ($clusters | uniq) "machineTemplates" ($templates | uniq) "checkedClusters" ($checked | uniq)) -}}
{{- end -}}

{{/*
The pod's identity towards Kubernetes. Only the web and worker pods with
managementCluster.access=serviceAccount talk to the Kubernetes API, under their own
ServiceAccount; every other pod gets no token at all. Call with (dict "root" $ "component" "web").
*/}}
{{- define "clusterdeck.podIdentity" -}}
{{- if eq .root.Values.managementCluster.access "serviceAccount" -}}
serviceAccountName: {{ include "clusterdeck.fullname" .root }}-{{ .component }}
automountServiceAccountToken: true
{{- else -}}
automountServiceAccountToken: false
{{- end -}}
{{- end -}}

{{/* KUBECONFIG for the driver, when the management cluster's kubeconfig is mounted. */}}
{{- define "clusterdeck.managementClusterEnv" -}}
{{- if eq .Values.managementCluster.access "kubeconfigSecret" }}
- name: KUBECONFIG
  value: /etc/clusterdeck/management-cluster/kubeconfig
{{- end }}
{{- end -}}

{{- define "clusterdeck.managementClusterVolume" -}}
{{- if eq .Values.managementCluster.access "kubeconfigSecret" }}
# Read by uid 1000 through the pod's fsGroup; a rotated kubeconfig reaches the file by itself,
# and the processes read it again when they restart.
- name: management-cluster
  secret:
    secretName: {{ .Values.managementCluster.kubeconfigSecret.name }}
    items:
      - key: {{ .Values.managementCluster.kubeconfigSecret.key }}
        path: kubeconfig
    defaultMode: 288 # 0440
{{- end }}
{{- end -}}

{{- define "clusterdeck.managementClusterVolumeMount" -}}
{{- if eq .Values.managementCluster.access "kubeconfigSecret" }}
- name: management-cluster
  mountPath: /etc/clusterdeck/management-cluster
  readOnly: true
{{- end }}
{{- end -}}

{{/*
Egress rules for one component: (dict "root" $ "destinations" (list "dns" "postgresql" …)).
A destination without addresses gives no rule at all: a rule without `to` would allow everywhere.
*/}}
{{- define "clusterdeck.egressRules" -}}
{{- $egress := .root.Values.networkPolicy.egress -}}
{{- range $destination := .destinations -}}
{{- if eq $destination "dns" }}
- to:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: {{ $egress.dns.namespace }}
      podSelector:
        matchLabels:
          {{- toYaml $egress.dns.podLabels | nindent 10 }}
    {{- range $egress.dns.cidrs }}
    - ipBlock: { cidr: {{ . | quote }} }
    {{- end }}
  ports:
    - { protocol: UDP, port: 53 }
    - { protocol: TCP, port: 53 }
{{- else }}
{{- $target := get $egress $destination -}}
{{- if or $target.cidrs $target.peers }}
- to:
    {{- range $target.cidrs }}
    - ipBlock: { cidr: {{ . | quote }} }
    {{- end }}
    {{- with $target.peers }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  ports:
    - { protocol: TCP, port: {{ $target.port }} }
{{- end }}
{{- end }}
{{- end }}
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
