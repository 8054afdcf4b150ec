// One file per module; each mirrors its numbered migration in ../migrations.
export * from './users.js';
export * from './projects.js';
export * from './billing.js';
export * from './support.js';
export * from './measure.js';
export * from './estimate.js';
