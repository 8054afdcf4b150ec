// One place for every request and response schema; imported by apps/web and apps/server.
export * from './common.js';
export * from './auth.js';
export * from './projects.js';
export * from './billing.js';
export * from './support.js';
export * from './measure.js';
export * from './estimate.js';
export * from './page-scale.js';
