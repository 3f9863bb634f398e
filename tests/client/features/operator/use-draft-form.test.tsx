import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useDraftForm } from '@client/features/operator/use-draft-form';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { operator: { fields: { required: 'Required', tooLong: 'Too long', invalid: 'Not valid' } } } },
  });
});

const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

const Request = z.object({ name: z.string().min(1).max(5), count: z.number().int(), from: z.number(), to: z.number() });
type Request = z.infer<typeof Request>;
interface Draft {
  name: string;
  count: string;
  from: string;
  to: string;
}

const useForm = (options: { messages?: Record<string, string>; check?: (request: Request) => Partial<Record<string, string>> } = {}) =>
  useDraftForm<Draft, Request>(
    { name: '', count: '1.5', from: '1', to: '2' },
    { schema: Request, toRequest: (d) => ({ name: d.name, count: Number(d.count), from: Number(d.from), to: Number(d.to) }), ...options },
  );

describe('useDraftForm', () => {
  it('keeps the draft as typed and sends the request made from it', () => {
    const { result } = renderHook(() => useForm(), { wrapper });
    act(() => result.current.set('name', 'Ann'));
    expect(result.current.draft.name).toBe('Ann');
    expect(result.current.request()).toEqual({ name: 'Ann', count: 1.5, from: 1, to: 2 });
    expect(result.current.errors).toEqual({});
  });

  it("shows each field's first problem in words, and clears them once the request is valid", () => {
    const { result } = renderHook(() => useForm(), { wrapper });
    let valid = true;
    act(() => {
      valid = result.current.validate();
    });
    expect(valid).toBe(false);
    expect(result.current.errors).toEqual({ name: 'Required', count: 'Not valid' });

    act(() => result.current.set('name', 'Too long a name'));
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors.name).toBe('Too long');

    act(() => {
      result.current.set('name', 'Ann');
      result.current.set('count', '2');
    });
    act(() => {
      valid = result.current.validate();
    });
    expect(valid).toBe(true);
    expect(result.current.errors).toEqual({});
  });

  it("says a field's own message only when that field fails, and the form's own checks win", () => {
    const { result } = renderHook(
      () =>
        useForm({
          messages: { count: 'A whole number', name: 'Unused' },
          check: (request) => ({ to: request.to <= request.from ? 'Ends before it starts' : undefined }),
        }),
      { wrapper },
    );
    act(() => {
      result.current.set('name', 'Ann');
      result.current.set('to', '0');
    });
    let valid = true;
    act(() => {
      valid = result.current.validate();
    });
    expect(valid).toBe(false);
    expect(result.current.errors).toEqual({ count: 'A whole number', to: 'Ends before it starts' });
  });
});
