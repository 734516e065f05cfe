import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, TEXT_INPUT_MAX } from './limits.js';
import { profileInfoSchema } from './schemas.js';

const info = { firstName: 'Ada', lastName: 'Lovelace', jobTitle: '', companyName: '', location: '', bio: '' };

describe('profile names', () => {
  it("take the spec's default text-input limit of 1000 characters, not 50", () => {
    expect(ACCOUNT_LIMITS.nameMax).toBe(TEXT_INPUT_MAX);
    expect(profileInfoSchema.safeParse({ ...info, firstName: 'a'.repeat(1000), lastName: 'b'.repeat(1000) }).success).toBe(true);
    const tooLong = profileInfoSchema.safeParse({ ...info, lastName: 'b'.repeat(1001) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Must be at most 1000 characters');
  });
});
