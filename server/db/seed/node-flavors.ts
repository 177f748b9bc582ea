import type { NodeFlavorRow } from '../schema/catalog.ts'

type SeedFlavor = Omit<NodeFlavorRow, 'position'>

/**
 * Node flavors, in display order. Hourly prices are USD milli-cents: 6_800 is $0.068 an hour,
 * $49.64 over the 730-hour month. Disk is the node's local NVMe system disk.
 */
export const NODE_FLAVORS: SeedFlavor[] = [
  flavor('dev-1-2', 'Dev 1 vCPU / 2 GiB', 'development', 1, 2, 40, 1_200),
  flavor('dev-2-4', 'Dev 2 vCPU / 4 GiB', 'development', 2, 4, 60, 2_400),
  flavor('gp-2-8', 'General 2 vCPU / 8 GiB', 'general_purpose', 2, 8, 80, 6_800),
  flavor('gp-4-16', 'General 4 vCPU / 16 GiB', 'general_purpose', 4, 16, 160, 13_600),
  flavor('gp-8-32', 'General 8 vCPU / 32 GiB', 'general_purpose', 8, 32, 240, 27_200),
  flavor('gp-16-64', 'General 16 vCPU / 64 GiB', 'general_purpose', 16, 64, 480, 54_400),
  flavor('gp-32-128', 'General 32 vCPU / 128 GiB', 'general_purpose', 32, 128, 960, 108_800),
  flavor('cpu-4-8', 'Compute 4 vCPU / 8 GiB', 'compute', 4, 8, 80, 11_800),
  flavor('cpu-8-16', 'Compute 8 vCPU / 16 GiB', 'compute', 8, 16, 160, 23_600),
  flavor('cpu-16-32', 'Compute 16 vCPU / 32 GiB', 'compute', 16, 32, 320, 47_200),
  flavor('mem-2-16', 'Memory 2 vCPU / 16 GiB', 'memory', 2, 16, 80, 9_800),
  flavor('mem-4-32', 'Memory 4 vCPU / 32 GiB', 'memory', 4, 32, 160, 19_600),
  flavor('mem-8-64', 'Memory 8 vCPU / 64 GiB', 'memory', 8, 64, 320, 39_200),
  flavor('mem-16-128', 'Memory 16 vCPU / 128 GiB', 'memory', 16, 128, 640, 78_400),
  gpuFlavor('gpu-l4-1', '1× NVIDIA L4', 8, 48, 300, 98_000, { count: 1, model: 'NVIDIA L4', memoryGib: 24 }),
  gpuFlavor('gpu-l40s-1', '1× NVIDIA L40S', 16, 96, 600, 195_000, {
    count: 1,
    model: 'NVIDIA L40S',
    memoryGib: 48,
  }),
  gpuFlavor('gpu-a100-1', '1× NVIDIA A100 80 GB', 24, 220, 960, 320_000, {
    count: 1,
    model: 'NVIDIA A100 80GB',
    memoryGib: 80,
  }),
  gpuFlavor('gpu-h100-1', '1× NVIDIA H100 SXM', 24, 240, 1_920, 410_000, {
    count: 1,
    model: 'NVIDIA H100 80GB SXM',
    memoryGib: 80,
  }),
  gpuFlavor('gpu-h100-8', '8× NVIDIA H100 SXM', 192, 1_920, 15_360, 3_190_000, {
    count: 8,
    model: 'NVIDIA H100 80GB SXM',
    memoryGib: 80,
  }),
]

function flavor(
  id: string,
  name: string,
  family: SeedFlavor['family'],
  vcpu: number,
  ramGib: number,
  diskGib: number,
  hourlyPriceMillicents: number,
): SeedFlavor {
  return {
    id,
    name,
    family,
    vcpu,
    ramGib,
    diskGib,
    hourlyPriceMillicents,
    gpuCount: 0,
    gpuModel: null,
    french: { name: frenchName(name) },
  }
}

/** "General 2 vCPU / 8 GiB" → "Généraliste 2 vCPU / 8 Gio": the family's French word, French units. */
function frenchName(name: string): string {
  return name
    .replace(/^General /, 'Généraliste ')
    .replace(/^Compute /, 'Calcul ')
    .replace(/^Memory /, 'Mémoire ')
    .replace(/ GiB$/, ' Gio')
    .replace(/ GB$/, ' Go')
}

function gpuFlavor(
  id: string,
  name: string,
  vcpu: number,
  ramGib: number,
  diskGib: number,
  hourlyPriceMillicents: number,
  gpu: { count: number; model: string; memoryGib: number },
): SeedFlavor {
  return {
    ...flavor(id, name, 'gpu', vcpu, ramGib, diskGib, hourlyPriceMillicents),
    gpuCount: gpu.count,
    gpuModel: gpu.model,
    gpuMemoryGib: gpu.memoryGib,
  }
}
