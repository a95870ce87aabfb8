import { describe, expect, it } from 'vitest';
import { providerIdOfSegment, providerPagePath, providerSegment } from './provider-path.ts';

const id = '0b9f3c8e-2d4a-4f6b-9a1c-5e7d8f9a0b1c';

describe('provider page paths', () => {
  it('puts the slug beside the id', () => {
    expect(providerPagePath({ identifier: id, slug: 'jean-luc-adebayo' })).toBe(`/providers/${id}-jean-luc-adebayo/`);
    expect(providerSegment({ identifier: id, slug: '' })).toBe(id);
  });

  it('reads the id back from a segment with, without or with an old slug', () => {
    expect(providerIdOfSegment(`${id}-jean-luc-adebayo`)).toBe(id);
    expect(providerIdOfSegment(`${id}-maya-o-patel-2`)).toBe(id);
    expect(providerIdOfSegment(id.toUpperCase())).toBe(id);
    expect(providerIdOfSegment(id)).toBe(id);
  });

  it('names no provider for anything else', () => {
    expect(providerIdOfSegment('ada-okafor')).toBeNull();
    expect(providerIdOfSegment(`${id}x`)).toBeNull();
    expect(providerIdOfSegment(`${id}-Ada Okafor`)).toBeNull();
    expect(providerIdOfSegment('')).toBeNull();
  });
});
