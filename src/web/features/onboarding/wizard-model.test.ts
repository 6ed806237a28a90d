import { describe, expect, it } from 'vitest';
import { ZCreateArtistProfile } from '../../../shared/contracts/artist-profile.ts';
import { changeKind, emptyWizard, priceSummary, restoreWizard, splitServerMessage, stepErrors, stepOf, toInput, validateAll, type WizardData } from './wizard-model.ts';

function filled(): WizardData {
  const d = emptyWizard();
  return { ...d, ...changeKind(d, 'tattoo'), displayName: 'Rowan Vale', slug: 'rowan-vale', bio: 'Fine line botanicals and tiny script, in a calm private studio.', styles: ['Fine Line'], cityId: 'portland-us', instagram: '@rowan' };
}

describe('onboarding wizard model', () => {
  it('turns a filled form into a body the API schema accepts (money in cents, closed days left out)', () => {
    const input = toInput(filled());
    const parsed = ZCreateArtistProfile.parse(input);
    expect(parsed.services.map((s) => [s.kind, s.depositCents, s.priceMaxCents])).toEqual([
      ['consultation', 0, 0],
      ['tattoo', 15000, 80000],
    ]);
    expect(Object.keys(parsed.workingHours)).toEqual(['2', '3', '4', '5', '6']);
    expect(parsed.instagram).toBe('rowan');
    expect(validateAll(filled())).toEqual({});
  });

  it('sends healing time, the aftercare plan, safety protocols and the piercing style for sessions, never for a consultation', () => {
    const d = { ...filled(), ...changeKind(filled(), 'both') };
    d.services = d.services.map((s) =>
      s.kind === 'tattoo'
        ? { ...s, healingTime: ' 2-4 weeks ', safetyProtocols: ['Single-use needles'] }
        : s.kind === 'piercing'
          ? { ...s, piercingStyle: 'helix', aftercareRequired: false }
          : { ...s, healingTime: '1-2 weeks', safetyProtocols: ['Single-use needles'] },
    );
    const parsed = ZCreateArtistProfile.parse(toInput(d));
    const byKind = Object.fromEntries(parsed.services.map((s) => [s.kind, s]));
    expect(byKind.tattoo).toMatchObject({ healingTime: '2-4 weeks', aftercareRequired: true, safetyProtocols: ['Single-use needles'], piercingStyle: null });
    expect(byKind.piercing).toMatchObject({ healingTime: null, aftercareRequired: false, safetyProtocols: [], piercingStyle: 'helix' });
    expect(byKind.consultation).not.toHaveProperty('healingTime');
    expect(byKind.consultation).not.toHaveProperty('safetyProtocols');
    // A healing time the plan could not read is refused at its field.
    d.services = d.services.map((s) => (s.kind === 'tattoo' ? { ...s, healingTime: 'soon' } : s));
    expect(stepErrors(validateAll(d), 5)[`services.${d.services.findIndex((s) => s.kind === 'tattoo')}.healingTime`]).toMatch(/^Write it like/);
  });

  it('reports each problem at its field and on its own step', () => {
    const d = filled();
    d.kind = '';
    d.services = d.services.map((s) => (s.kind === 'tattoo' ? { ...s, deposit: '20' } : s));
    d.hours = { ...d.hours, '1': [['12:00', '11:00']] };
    const errors = validateAll(d);
    expect(stepErrors(errors, 0)).toEqual({ kind: 'Choose tattoo, piercing or both' });
    expect(stepErrors(errors, 5)).toEqual({ 'services.1.depositCents': 'A session deposit must be between $100 and $500' });
    expect(stepErrors(errors, 6)).toEqual({ 'workingHours.1.0': 'The end time must be after the start time' });
    expect(stepErrors(errors, 2)).toEqual({});
  });

  it('will not let an artist past "About" with an empty bio or no styles, and says why', () => {
    const d = { ...filled(), bio: '  ', styles: [] };
    expect(stepErrors(validateAll(d), 2)).toEqual({
      bio: 'Write at least 30 characters about your work: what you love to make, your experience, how you work with clients',
      styles: 'Choose at least one style: clients search by style, and your profile lists them',
    });
    expect(stepErrors(validateAll({ ...d, bio: 'Tattoos.' }), 2).bio).toMatch(/^Write at least 30 characters/);
  });

  it('sums up prices in words: free, one price or a range, never "$0–$0"', () => {
    const [consultation, tattoo] = filled().services;
    expect(priceSummary(consultation!)).toBe('Free, no deposit');
    expect(priceSummary(tattoo!)).toBe('$250–$800, deposit $150');
    expect(priceSummary({ ...consultation!, priceMin: '25', priceMax: '25', deposit: '25' })).toBe('$25, deposit $25');
    expect(priceSummary({ ...tattoo!, priceMin: '', priceMax: 'abc' })).toBe('Price not set yet, deposit $150');
  });

  it('checks styles and services against the kind even while other steps are unfinished', () => {
    const d = { ...emptyWizard(), kind: 'piercing' as const, styles: ['Realism'] };
    expect(validateAll(d)['styles.0']).toBe('"Realism" is not a piercing style from the guides');
  });

  it('drops styles that do not suit a new kind and follows it with suggested services until they are edited', () => {
    const d = { ...filled(), styles: ['Fine Line', 'Helix'] };
    const toPiercer = changeKind(d, 'piercing');
    expect(toPiercer.styles).toEqual(['Helix']);
    expect(toPiercer.services?.map((s) => s.kind)).toEqual(['consultation', 'piercing']);
    expect(changeKind({ ...d, servicesEdited: true }, 'piercing').services).toBeUndefined();
  });

  it('restores an old or partial draft with defaults', () => {
    const d = restoreWizard({ displayName: 'Ash', services: [{ kind: 'piercing', name: 'Lobe' }] });
    expect(d.displayName).toBe('Ash');
    expect(d.hours['1']).toEqual([]);
    expect(d.services[0]).toMatchObject({ kind: 'piercing', name: 'Lobe', difficulty: 'Beginner' });
    expect(d.services[0]!.key).toBeTruthy();
  });

  it('maps server messages to fields and steps', () => {
    expect(splitServerMessage('services.0.depositCents: A session deposit must be between $100 and $500')).toEqual({ path: 'services.0.depositCents', message: 'A session deposit must be between $100 and $500' });
    expect(splitServerMessage('Something else')).toBeNull();
    expect(stepOf('services.0.depositCents')).toBe(5);
    expect(stepOf('studio.studioId')).toBe(3);
    expect(stepOf('noticeHours')).toBe(6);
  });
});
