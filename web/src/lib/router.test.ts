import { describe, expect, test } from 'bun:test';
import { matchPath } from './router';

// The app's routes as App.tsx declares them: what react-router matched, this matches too.
describe('matchPath', () => {
  test('params are decoded, static parts compared in any case, a trailing slash ignored', () => {
    expect(matchPath('/event/:code', '/event/anna%20ben')).toEqual({ code: 'anna ben' });
    expect(matchPath('/event/:code/recover/:userId', '/Event/x/RECOVER/u-1/')).toEqual({ code: 'x', userId: 'u-1' });
    expect(matchPath('/', '/')).toEqual({});
  });
  test('another length, another word or a broken escape is no match; * matches everything', () => {
    expect(matchPath('/event/:code', '/event/x/wall')).toBeNull();
    expect(matchPath('/event/:code/wall', '/event/x/settings')).toBeNull();
    expect(matchPath('/event/:code', '/event/%E0%A4%A')).toBeNull();
    expect(matchPath('/admin', '/')).toBeNull();
    expect(matchPath('*', '/what/ever')).toEqual({});
  });
});
