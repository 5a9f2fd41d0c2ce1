export * from './catalog';
export * from './timing';
export * from './labels';
export * from './types';
export * from './contract';
export * from './api/client';
export * from './store/orderStore';
export * from './store/useOrderStore';
