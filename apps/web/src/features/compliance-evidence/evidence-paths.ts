/** Paths of the compliance evidence API (apps/server evidence.routes.ts). */
export const EVIDENCE_API = {
  dashboard: '/api/compliance/dashboard',
  frameworks: '/api/compliance/frameworks?includeRequirements=true',
  collect: '/api/compliance/collect',
  runs: '/api/compliance/runs',
  items: (query: string) => `/api/compliance/evidence?${query}`,
  download: (id: string) => `/api/compliance/evidence/${id}/download`,
  review: (id: string) => `/api/compliance/evidence/${id}/review`,
  upload: (query: string) => `/api/compliance/evidence/upload?${query}`,
  validate: '/api/compliance/validate',
  schedules: '/api/compliance/schedules',
  publicKey: '/api/compliance/public-key',
  readiness: (frameworkId: string) =>
    `/api/compliance/readiness?frameworkId=${frameworkId}&includeProjections=true`,
  reports: '/api/compliance/reports',
  reportDownload: (id: string, format: 'pdf' | 'json') =>
    `/api/compliance/reports/${id}/download?format=${format}`,
  export: '/api/compliance/export',
  requests: '/api/compliance/requests',
  closeRequest: (id: string) => `/api/compliance/requests/${id}/close`,
  grants: '/api/compliance/auditor-grants',
  grant: (id: string) => `/api/compliance/auditor-grants/${id}`,
} as const;
