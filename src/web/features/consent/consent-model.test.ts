import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSENT_QUESTIONS, type TConsentQuestion } from '../../../shared/contracts/consent.ts';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { ageAtAppointment, agePath, consentErrorText, emptyDraft, toSignRequest, validateDraft, type ConsentDraft } from './consent-model.ts';

const STARTS = '2027-06-15T14:00:00.000Z';
const QUESTIONS: TConsentQuestion[] = [
  { id: 'allergies', label: 'Any allergies?', type: 'yes_no', required: true },
  { id: 'details', label: 'Which?', type: 'text', required: false },
  { id: 'placement', label: 'Where?', type: 'choice', options: ['Arm', 'Leg'], required: true },
  { id: 'risks', label: 'I understand the risks.', type: 'acknowledge', required: true },
];
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function filled(patch: Partial<ConsentDraft> = {}): ConsentDraft {
  return { ...emptyDraft(), answers: { allergies: false, details: '  ', placement: 'Arm', risks: true }, dateOfBirth: '1990-02-03', signature: { mode: 'drawn', png: PNG }, ...patch };
}

describe('consent form rules', () => {
  it('reads the age on the appointment day', () => {
    expect(ageAtAppointment('2009-06-15', STARTS)).toBe(18);
    expect(ageAtAppointment('2009-06-16', STARTS)).toBe(17);
    expect(ageAtAppointment('2009-6-1', STARTS)).toBeNull();
    expect(ageAtAppointment('2028-01-01', STARTS)).toBeNull();
  });

  it('refuses tattoo clients under 18, asks a guardian for piercing clients under 18', () => {
    expect(agePath('tattoo', 17)).toBe('refused');
    expect(agePath('piercing', 17)).toBe('guardian');
    expect(agePath('tattoo', 18)).toBe('adult');
    expect(agePath('piercing', null)).toBe('unknown');
  });

  it('names every missing answer in words', () => {
    const errors = validateDraft(emptyDraft(), QUESTIONS, 'tattoo', STARTS, { requireIdImage: false });
    expect(errors).toEqual({
      'answer:allergies': 'Answer yes or no.',
      'answer:placement': 'Choose one of the options.',
      'answer:risks': 'Tick the box to confirm you have read this.',
      dateOfBirth: 'Enter your date of birth.',
      signature: 'Sign in the box, or choose “Type my name” to sign with your name.',
    });
    expect(validateDraft(filled(), QUESTIONS, 'tattoo', STARTS, { requireIdImage: false })).toEqual({});
    expect(validateDraft(filled({ signature: { mode: 'typed', name: ' A ' } }), QUESTIONS, 'tattoo', STARTS, { requireIdImage: false }).signature).toBe('Type your full name to sign.');
    expect(validateDraft(filled({ answers: { allergies: true, placement: 'Neck', risks: true } }), QUESTIONS, 'tattoo', STARTS, { requireIdImage: false })).toEqual({ 'answer:placement': 'Choose one of the options.' });
  });

  it('says a tattoo client under 18 cannot sign, and asks for every guardian field for a young piercing client', () => {
    expect(validateDraft(filled({ dateOfBirth: '2010-01-01' }), QUESTIONS, 'tattoo', STARTS, { requireIdImage: false }).dateOfBirth).toMatch(/18 or older/);
    const young = validateDraft(filled({ dateOfBirth: '2010-01-01' }), QUESTIONS, 'piercing', STARTS, { requireIdImage: true });
    expect(Object.keys(young).sort()).toEqual(['guardianIdImage', 'guardianName', 'guardianRelationship', 'guardianSignature', 'idImage']);
  });

  it('sends only the template’s answers, trimmed, and the guardian only when one is needed', () => {
    const adult = toSignRequest(filled({ answers: { allergies: false, details: '  ', placement: 'Arm', risks: true, stray: true }, guardianName: 'Ann' }), QUESTIONS, 'piercing', STARTS);
    expect(adult).toEqual({ answers: { allergies: false, placement: 'Arm', risks: true }, dateOfBirth: '1990-02-03', signature: { kind: 'drawn', png: PNG } });
    const minor = toSignRequest(
      filled({ dateOfBirth: '2010-01-01', idImageId: 'id-1', guardianName: ' Ann Lee ', guardianRelationship: 'Mother', guardianIdImageId: 'id-2', guardianSignature: { mode: 'typed', name: 'Ann Lee' } }),
      QUESTIONS,
      'piercing',
      STARTS,
    );
    expect(minor.idImageId).toBe('id-1');
    expect(minor.guardian).toEqual({ name: 'Ann Lee', relationship: 'Mother', idImageId: 'id-2', signature: { kind: 'typed', name: 'Ann Lee' } });
  });

  it('the default templates pass once every required question is answered', () => {
    for (const kind of ['tattoo', 'piercing'] as const) {
      const questions = DEFAULT_CONSENT_QUESTIONS[kind];
      const answers = Object.fromEntries(questions.filter((q) => q.required).map((q) => [q.id, q.type === 'acknowledge' ? true : false]));
      expect(validateDraft(filled({ answers }), questions, kind, STARTS, { requireIdImage: false }), kind).toEqual({});
    }
  });

  it('turns the server’s codes into words, and keeps a network failure’s own message', () => {
    expect(consentErrorText(new ApiError(409, JSON.stringify({ code: 'CONSENT_ALREADY_SIGNED', message: 'x' })))).toMatch(/already signed/);
    expect(consentErrorText(new ApiError(422, JSON.stringify({ code: 'CONSENT_AGE_RESTRICTED', message: 'x' })))).toMatch(/18 or older/);
    expect(consentErrorText(new ApiError(400, JSON.stringify({ code: 'IMAGE_CORRUPT', message: 'That photo could not be read.' })))).toBe('That photo could not be read.');
    expect(consentErrorText(new ApiError(502, '<html>'))).toMatch(/Nothing was signed/);
    expect(consentErrorText(new NetworkError('write'))).toMatch(/needs a connection/);
  });
});
