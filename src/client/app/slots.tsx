import type { ComponentType, ReactNode } from 'react';
import { createStore, useStore } from '@client/lib/create-store';
import type { AgentPage, MemberPage } from '@client/config/center-pages';
import type { PopupKind, PopupPayload } from './stores/popups';

export interface PopupContentProps<K extends PopupKind> {
  payload: PopupPayload<K>;
  close: () => void;
}

type NoProps = Record<string, never>;

/**
 * Mount points the shell renders and other features fill: popup bodies (`popup:<kind>`), member-
 * and agent-center pages (`member:<page>`, `agent:<page>`), the agent login form, the
 * logged-in-only contract popup and socket listener (SHELL-24), and the session gate.
 */
export type SlotProps = { [K in PopupKind as `popup:${K}`]: PopupContentProps<K> } & {
  [P in MemberPage as `member:${P}`]: NoProps;
} & {
  [P in AgentPage as `agent:${P}`]: NoProps;
} & {
  agentLoginForm: NoProps;
  contractPopup: NoProps;
  socketListener: NoProps;
  /** Logged-in only, beside the socket listener: the balance and counts that follow the bus. */
  liveUpdates: NoProps;
  /** Always mounted: what the session demands before anything else (the forced password change). */
  sessionGate: NoProps;
};
export type SlotName = keyof SlotProps;

type Registry = { [N in SlotName]?: ComponentType<SlotProps[N]> };
const slotRegistry = createStore<Registry>(() => ({}));

/** Fills a mount point; a later call replaces the earlier component. */
export const provideSlot = <N extends SlotName>(name: N, component: ComponentType<SlotProps[N]>): void =>
  slotRegistry.update((r) => ({ ...r, [name]: component }));

export const resetSlots = (): void => slotRegistry.reset();

export const useSlotFilled = (name: SlotName): boolean => useStore(slotRegistry, (r) => r[name] !== undefined);

type SlotElementProps<N extends SlotName> = { name: N; fallback?: ReactNode } & (SlotProps[N] extends NoProps ? { props?: never } : { props: SlotProps[N] });

export function Slot<N extends SlotName>({ name, fallback = null, props }: SlotElementProps<N>) {
  const Component = useStore(slotRegistry, (r) => r[name]) as ComponentType<SlotProps[N]> | undefined;
  if (!Component) return <>{fallback}</>;
  return <Component {...((props ?? {}) as SlotProps[N])} />;
}

/** The component filling `popup:<kind>`, if any. */
export const usePopupSlot = <K extends PopupKind>(kind: K): ComponentType<PopupContentProps<K>> | undefined =>
  useStore(slotRegistry, (r) => r[`popup:${kind}` as SlotName]) as ComponentType<PopupContentProps<K>> | undefined;
