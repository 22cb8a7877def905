export * from './catalogue/index.ts';
export * from './api-client.ts';
