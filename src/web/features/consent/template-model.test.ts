import { describe, expect, it } from 'vitest';
import { blankQuestion, idFromLabel, moveRow, toEditable, toSaveRequest } from './template-model.ts';

describe('consent template editor', () => {
  it('moves rows within bounds', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('makes unique ids from labels that the contract accepts', () => {
    expect(idFromLabel('Any allergies?', new Set())).toBe('any_allergies');
    expect(idFromLabel('Any allergies?', new Set(['any_allergies']))).toBe('any_allergies_2');
    expect(idFromLabel('18+?', new Set())).toBe('question');
    expect(idFromLabel('Über', new Set())).toBe('uber');
  });

  it('keeps existing ids, adds ids to new questions and sends options only for choices', () => {
    const kept = toEditable({ id: 'allergies', label: 'Allergies?', type: 'yes_no', required: true });
    const added = { ...blankQuestion(), label: 'Which arm?', type: 'choice' as const, optionsText: 'Left\n\n Right ' };
    const changed = { ...toEditable({ id: 'where', label: 'Where?', type: 'choice', options: ['A', 'B'], required: false }), type: 'text' as const };
    const result = toSaveRequest([kept, added, changed]);
    expect(result).toEqual({
      ok: true,
      questions: [
        { id: 'allergies', label: 'Allergies?', type: 'yes_no', required: true },
        { id: 'which_arm', label: 'Which arm?', type: 'choice', options: ['Left', 'Right'], required: true },
        { id: 'where', label: 'Where?', type: 'text', required: false },
      ],
    });
  });

  it('reports problems per row', () => {
    const empty = blankQuestion();
    const oneOption = { ...blankQuestion(), label: 'Pick one', type: 'choice' as const, optionsText: 'Only' };
    const result = toSaveRequest([empty, oneOption]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[empty.key]?.[0]).toMatch(/^Question: /);
    expect(result.errors[oneOption.key]?.[0]).toMatch(/^Options: /);
    expect(toSaveRequest([])).toMatchObject({ ok: false, errors: { '': [expect.stringMatching(/at least one/)] } });
  });
});
