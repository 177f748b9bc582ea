#!/usr/bin/env bash
# Refreshes tests/fixtures/capi-crds/: the CustomResourceDefinitions the clusterapi driver's
# objects are validated against (server/provisioning/clusterapi/crds.test.ts), copied unchanged from each
# project's repository at a pinned release. To move to a newer release, change its ref below, run
# this script, update the table in tests/fixtures/capi-crds/README.md and run the test.
#
# Each line: repository, ref (a release tag, or a commit where the project has no release), path.
set -euo pipefail

target="$(cd "$(dirname "$0")/.." && pwd)/tests/fixtures/capi-crds"
mkdir -p "$target"

while read -r repository ref path; do
  [ -z "$repository" ] && continue
  file="$target/$(basename "$path")"
  echo "$repository@$ref $path"
  curl --fail --silent --show-error --location --retry 3 \
    "https://raw.githubusercontent.com/$repository/$ref/$path" --output "$file.part"
  mv "$file.part" "$file"
done <<'SOURCES'
kubernetes-sigs/cluster-api v1.14.0 core/config/crd/bases/cluster.x-k8s.io_clusters.yaml
kubernetes-sigs/cluster-api v1.14.0 core/config/crd/bases/cluster.x-k8s.io_machinedeployments.yaml
kubernetes-sigs/cluster-api v1.14.0 core/config/crd/bases/addons.cluster.x-k8s.io_clusterresourcesets.yaml
kubernetes-sigs/cluster-api v1.14.0 bootstrap/kubeadm/config/crd/bases/bootstrap.cluster.x-k8s.io_kubeadmconfigtemplates.yaml
kubernetes-sigs/cluster-api v1.14.0 controlplane/kubeadm/config/crd/bases/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml
kubernetes-sigs/cluster-api-addon-provider-helm v0.6.4 config/crd/bases/addons.cluster.x-k8s.io_helmchartproxies.yaml
kubernetes-sigs/cluster-api-provider-openstack v0.14.7 config/crd/bases/infrastructure.cluster.x-k8s.io_openstackclusters.yaml
kubernetes-sigs/cluster-api-provider-openstack v0.14.7 config/crd/bases/infrastructure.cluster.x-k8s.io_openstackmachinetemplates.yaml
metal3-io/cluster-api-provider-metal3 v1.13.2 config/crd/bases/infrastructure.cluster.x-k8s.io_metal3clusters.yaml
metal3-io/cluster-api-provider-metal3 v1.13.2 config/crd/bases/infrastructure.cluster.x-k8s.io_metal3machinetemplates.yaml
syself/cluster-api-provider-hetzner v1.1.8 config/crd/bases/infrastructure.cluster.x-k8s.io_hetznerclusters.yaml
syself/cluster-api-provider-hetzner v1.1.8 config/crd/bases/infrastructure.cluster.x-k8s.io_hcloudmachinetemplates.yaml
outscale/cluster-api-provider-outscale v1.5.0 config/crd/bases/infrastructure.cluster.x-k8s.io_oscclusters.yaml
outscale/cluster-api-provider-outscale v1.5.0 config/crd/bases/infrastructure.cluster.x-k8s.io_oscmachinetemplates.yaml
scaleway/cluster-api-provider-scaleway v0.2.2 config/crd/bases/infrastructure.cluster.x-k8s.io_scalewayclusters.yaml
scaleway/cluster-api-provider-scaleway v0.2.2 config/crd/bases/infrastructure.cluster.x-k8s.io_scalewaymachinetemplates.yaml
kubernetes-sigs/cluster-api-provider-aws v2.11.1 config/crd/bases/infrastructure.cluster.x-k8s.io_awsclusters.yaml
kubernetes-sigs/cluster-api-provider-aws v2.11.1 config/crd/bases/infrastructure.cluster.x-k8s.io_awsmachinetemplates.yaml
kubernetes-sigs/cluster-api-provider-gcp v1.12.0 config/crd/bases/infrastructure.cluster.x-k8s.io_gcpclusters.yaml
kubernetes-sigs/cluster-api-provider-gcp v1.12.0 config/crd/bases/infrastructure.cluster.x-k8s.io_gcpmachinetemplates.yaml
kubernetes-sigs/cluster-api-provider-azure v1.26.0 config/crd/bases/infrastructure.cluster.x-k8s.io_azureclusters.yaml
kubernetes-sigs/cluster-api-provider-azure v1.26.0 config/crd/bases/infrastructure.cluster.x-k8s.io_azuremachinetemplates.yaml
kubernetes-sigs/cluster-api-provider-ibmcloud v0.14.0 config/crd/bases/infrastructure.cluster.x-k8s.io_ibmvpcclusters.yaml
kubernetes-sigs/cluster-api-provider-ibmcloud v0.14.0 config/crd/bases/infrastructure.cluster.x-k8s.io_ibmvpcmachinetemplates.yaml
setoru/cluster-api-provider-huawei 065a1fd7602b80064c4c6cc3534852cd119628a1 config/crd/bases/infrastructure.cluster.x-k8s.io_huaweicloudclusters.yaml
setoru/cluster-api-provider-huawei 065a1fd7602b80064c4c6cc3534852cd119628a1 config/crd/bases/infrastructure.cluster.x-k8s.io_huaweicloudmachinetemplates.yaml
kubernetes-sigs/cluster-api-provider-digitalocean v1.6.0 config/crd/bases/infrastructure.cluster.x-k8s.io_doclusters.yaml
kubernetes-sigs/cluster-api-provider-digitalocean v1.6.0 config/crd/bases/infrastructure.cluster.x-k8s.io_domachinetemplates.yaml
SOURCES
