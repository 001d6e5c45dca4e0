import { store } from '../store/store.ts';

export const lib = store;
