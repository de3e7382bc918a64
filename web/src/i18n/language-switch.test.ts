import { afterAll, beforeAll, expect, test } from 'bun:test';
import { en } from './en';
import { chooseLanguage, getT, showLanguage } from './index';
import { toast, useToasts } from '../store/toast-store';

// The switcher's choice in a page without a DOM: the few document fields chooseLanguage writes.
const realDocument = globalThis.document;
beforeAll(() => {
  globalThis.document = { documentElement: { lang: 'de' }, cookie: '' } as unknown as Document;
});
// the other web files of this process read the German default
afterAll(async () => {
  await showLanguage('de');
  globalThis.document = realDocument;
});

test('a language switch takes the toasts of the old language off the screen', async () => {
  toast(getT().deleted, 'success');
  expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([getT().deleted]);
  expect(await chooseLanguage('en')).toBe(true);
  expect(getT().deleted).toBe(en.deleted);
  expect(useToasts.getState().toasts).toEqual([]);
  expect(globalThis.document.documentElement.lang).toBe('en');
});
