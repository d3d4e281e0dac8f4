export * from './common.ts';
export * from './taxonomy.ts';
export * from './submission.ts';
export * from './suite.ts';
export * from './verdict.ts';
export * from './sample.ts';
export * from './summary.ts';
export * from './errors.ts';
