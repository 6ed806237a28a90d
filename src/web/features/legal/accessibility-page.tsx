import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../shared/site-pages.ts';
import { LegalPage, LegalSection, TEXT_LINK } from './legal-parts.tsx';

const TOC = [
  { id: 'goal', label: 'What we aim for' },
  { id: 'what-works', label: 'What Inkhaven does for accessibility' },
  { id: 'testing', label: 'How we check it' },
  { id: 'known-problems', label: 'What is not right yet' },
  { id: 'report', label: 'Report a problem' },
];

export default function AccessibilityPage() {
  return (
    <LegalPage
      title="Accessibility statement"
      lead={
        <p>
          Everyone should be able to find an artist, book and manage an appointment on Inkhaven, whether they use a keyboard, a screen reader,
          a phone, zoom or voice control. This page says what we do for that, how we check it and what still falls short.
        </p>
      }
      toc={TOC}
    >
      <LegalSection id="goal" title="What we aim for">
        <p>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA on every page. We have not had an independent audit;
          what follows is what we build and test ourselves.
        </p>
      </LegalSection>

      <LegalSection id="what-works" title="What Inkhaven does for accessibility">
        <ul>
          <li>
            <strong>Skip links.</strong> The first two stops of the Tab key are &quot;Skip to main content&quot; and &quot;Skip to
            navigation&quot;; some pages add links to their own sections.
          </li>
          <li>
            <strong>Landmarks and headings.</strong> Every page has a header with the main navigation, one main area with a single top heading,
            and a footer; sections are titled so you can move through them by heading.
          </li>
          <li>
            <strong>Keyboard.</strong> Everything that works with a mouse works with the keyboard, with a visible focus ring. The phone menu,
            the notification panel and dialogs open with Enter or Space, close with Escape and return you to where you were. F8 moves to the
            pop-up messages that confirm what you did.
          </li>
          <li>
            <strong>Forms.</strong> Every field has a visible label. Errors are written as sentences next to the field they concern and are read
            out with it. Signing in and creating an account work even before the page&apos;s scripts have loaded.
          </li>
          <li>
            <strong>Nothing in the way.</strong> The question about usage analytics is a bar at the bottom of the page that neither takes your
            focus nor covers the page&apos;s buttons; the offer to install the app comes only after you have answered it.
          </li>
          <li>
            <strong>Images and charts.</strong> Flash designs are described by their title and artist, portfolio images by the artist&apos;s
            caption, and ratings by their value in words. The figures behind the deposit chart on the artist dashboard are written out beside it.
          </li>
          <li>
            <strong>Motion and zoom.</strong> Animations are switched off when your device asks for reduced motion. Pages are built for phone
            screens first and reflow when you zoom in.
          </li>
          <li>
            <strong>Contrast and text size.</strong> You can ask for more contrast (darker text and borders, underlined links, a thick focus
            outline) and for text at up to 200%, on every page; by default the contrast follows your device&apos;s setting.
          </li>
        </ul>
        <p>
          You can try each of these, and change the contrast and text size, on the{' '}
          <Link to="/accessibility-demo" className={TEXT_LINK}>
            accessibility demo
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="testing" title="How we check it">
        <ul>
          <li>
            Automated checks with axe run in our browser tests against the public pages, the signed-in home and dashboard, the booking pages and
            the banners on a phone-sized screen; a serious or critical finding fails the build.
          </li>
          <li>
            Browser tests also use the keyboard: the skip links, the phone menu, the notification panel, the time picker and the image viewer
            are driven with Tab, the arrow keys, Enter, Space and Escape, and the contrast and text-size settings are checked at 200% text.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="known-problems" title="What is not right yet">
        <ul>
          <li>
            Portfolio images are only as well described as their captions. When an artist has not written one, we can say no more than whose
            work it is.
          </li>
          <li>
            The map view of search results is hard to use without a mouse or sight. The list of results holds the same artists and is the
            way we recommend; the map is an extra.
          </li>
          <li>
            The signature pad on consent forms needs a finger, pen or mouse. Typing your full name instead signs
            the form just as well, with the keyboard alone.
          </li>
          <li>
            The AR preview shows a design on a picture of your skin, which is something to look at. Every control works with the
            keyboard (arrow keys, + and -, [ and ], and focusable corner handles) and the placement is announced as it changes,
            but the picture itself has no description.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="report" title="Report a problem">
        <p>
          If something on Inkhaven is hard or impossible for you to use, tell us at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={TEXT_LINK}>
            {SUPPORT_EMAIL}
          </a>
          . Say which page it was (its address helps), what you tried to do, and the device, browser and any assistive technology you use. We
          answer most emails within one business day, and if a problem stops you from booking, we will try to help you book another way.
        </p>
        <p>
          For everything else, see{' '}
          <Link to="/support" className={TEXT_LINK}>
            help and support
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
