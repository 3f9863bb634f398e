import { createStore, useStore } from '@client/lib/create-store';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'warning' | 'error';
}

let nextId = 1;
export const toastStore = createStore<readonly Toast[]>(() => []);

export const showToast = (text: string, tone: Toast['tone'] = 'info'): number => {
  const id = nextId++;
  toastStore.update((list) => [...list.filter((t) => t.text !== text), { id, text, tone }]);
  return id;
};

export const dismissToast = (id: number): void => toastStore.update((list) => list.filter((t) => t.id !== id));

export const useToasts = (): readonly Toast[] => useStore(toastStore);
