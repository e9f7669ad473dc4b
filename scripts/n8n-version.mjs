// The one place where the n8n version used by the demo, the end-to-end tests and the benchmarks is pinned.
//
// 2.16.1 matches the n8n-core / n8n-workflow dev dependencies of this package and installs and runs here on
// Node 24. 2.17.x and later need packages the registry we use lacks (e.g. @n8n/ai-node-sdk@0.8.0); 2.15.0 is
// the known-good fallback. Override for one run with N8N_VERSION=x.y.z (a separate cached install is made).
export const N8N_VERSION = process.env.N8N_VERSION || '2.16.1';

// npm overrides for the n8n install:
// - xlsx: older n8n fetch it from a CDN that cannot be reached; this registry copy is API-compatible.
// - zod 3: n8n's packages pin zod 3.25.67 exactly while other dependencies want ^3.25.76, so without a lockfile
//   npm hoists 3.25.76 and gives each n8n package its own nested 3.25.67 copy. Schemas built with one copy then
//   fail inside another (n8n 2.16.1 dies at start with `A discriminator value for key __type could not be
//   extracted`, reported as `Failed to load module "breaking-changes"`). One shared zod 3 fixes it; zod 4 (for
//   langchain) is left alone.
export const N8N_OVERRIDES = { xlsx: 'npm:@e965/xlsx@0.20.3', 'zod@^3': '3.25.67' };
