import { describe, expect, it } from 'vitest';
import {
  confidentialValues,
  keptBody,
  keptHeaders,
  shownUrl,
  utf8Prefix,
} from '../../src/apis/notifications/webhook-answer.js';

describe('what an attempt keeps of an answer', () => {
  it('masks secrets of any length, fixed header values of 8 characters or more, and their JSON-escaped form', () => {
    const confidential = confidentialValues(['tok', 'a/b+c=='], ['eu', 'key-12345678']);
    const body = keptBody(Buffer.from('tok eu key-12345678 a\\/b+c== a/b+c=='), confidential);
    expect(body).toBe('******** eu ******** ******** ********');
  });

  it('masks a secret across the 4 KB cut before cutting, and replaces NUL', () => {
    const secret = 'whsec_0123456789abcdef';
    const body = keptBody(Buffer.from(`${'a'.repeat(4090)}${secret}\u0000`), confidentialValues([secret], []));
    expect(body).toBe(`${'a'.repeat(4090)}******`);
    expect(keptBody(Buffer.from('a\u0000b'), [])).toBe('a\ufffdb');
  });

  it('cuts between UTF-8 characters', () => {
    expect(utf8Prefix('aé', 2)).toBe('a');
    expect(utf8Prefix('aé', 3)).toBe('aé');
  });

  it('leaves out cookies and credentials, lower-cases names and joins repeated values', () => {
    expect(
      keptHeaders(
        {
          'Content-Type': 'text/plain',
          'set-cookie': ['a=1', 'b=2'],
          Authorization: 'Basic x',
          'webhook-signature': 'v1,abc',
          vary: ['accept', 'origin'],
          'x-echo': 'Bearer tok-123',
        },
        confidentialValues(['tok-123'], []),
      ),
    ).toEqual({ 'content-type': 'text/plain', vary: 'accept, origin', 'x-echo': 'Bearer ********' });
  });

  it('shows a url without its user and password', () => {
    expect(shownUrl('https://user:pass@hooks.example.com/in?x=1')).toBe('https://hooks.example.com/in?x=1');
    expect(shownUrl('https://hooks.example.com/in')).toBe('https://hooks.example.com/in');
  });
});
