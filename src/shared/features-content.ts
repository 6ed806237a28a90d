import { FEATURE_PAGE_META, VIRTUAL_CONSULTATIONS_META, type FeaturePageMeta } from './features-meta.ts';

export type Cta = { label: string; href: string };
export type TitledText = { title: string; text: string };

/** Body of one feature page; the data-driven FeaturePage renders every one the same way. */
export type FeatureContent = {
  path: string;
  eyebrow: string;
  headline: string;
  lead: string;
  /**
   * Set while the feature has not shipped: says so plainly under the headline, and the page talks
   * about it in the future tense. Buttons to pages that are still placeholders are left out anyway
   * (src/shared/live-routes.ts).
   */
  notYet?: string;
  primaryCta: Cta;
  secondaryCta?: Cta;
  highlights: TitledText[];
  steps: TitledText[];
  forClients: string[];
  forArtists: string[];
  faq: Array<{ question: string; answer: string }>;
  closing: { title: string; text: string; cta?: Cta };
};

export const FEATURE_CONTENT: FeatureContent[] = [
  {
    path: '/features/smart-discovery',
    eyebrow: 'Smart discovery',
    headline: 'Find the right artist, not just the nearest one',
    lead: 'Search every tattoo and piercing artist on Inkhaven by style, city, distance, rating, deposit and availability. Typos are forgiven, and every search has its own link you can share.',
    primaryCta: { label: 'Start searching', href: '/artists' },
    secondaryCta: { label: 'Explore tattoo styles', href: '/tattoo-styles' },
    highlights: [
      { title: 'Search that understands you', text: 'Full-text search over names, bios, styles and cities, with a fallback that still finds "realizm" or "fineline".' },
      { title: 'Near me, within your radius', text: 'Use your location (only when you ask) or type a city, then choose how far you are willing to travel.' },
      { title: 'Filters that matter', text: 'Tattoo or piercing, style, minimum rating, maximum deposit, verified artists only and free dates between two days.' },
      { title: 'Honest ratings', text: 'Ratings come only from completed bookings, with the full 1 to 5 star distribution on every profile.' },
    ],
    steps: [
      { title: 'Describe what you want', text: 'Type a style, an idea or an artist name, or start from a style guide card.' },
      { title: 'Narrow it down', text: 'Add location, radius, rating, deposit and dates. Filters stay in the address bar, so the back button and shared links work.' },
      { title: 'Sort your way', text: 'By relevance, rating, distance or soonest availability.' },
      { title: 'Compare and book', text: 'Open profiles with portfolios, services, prices and reviews, then request a booking.' },
    ],
    forClients: [
      'See starting prices and deposits before you message anyone.',
      'Find the soonest free slot across artists in your area.',
      'Save or share a search link with a friend.',
    ],
    forArtists: [
      'Appear in search as soon as your profile exists.',
      'Be found by the styles you actually tattoo or pierce.',
      'Verified badges and real reviews help you stand out.',
    ],
    faq: [
      { question: 'Do you track my location?', answer: 'No. The browser asks before sharing your position, and only when you choose "Near me". You can type a city instead.' },
      { question: 'How is the order decided?', answer: 'By relevance to your search unless you choose another sort. No artist can pay to appear higher.' },
      { question: 'Can I search for piercers only?', answer: 'Yes: choose the piercing kind, or start from a card on the piercing styles guide, which opens a search already filtered to that piercing.' },
    ],
    closing: { title: 'Your next artist is a search away', text: 'Browse portfolios from verified tattoo and piercing artists near you.', cta: { label: 'Browse artists', href: '/artists' } },
  },
  {
    path: '/features/seamless-booking',
    eyebrow: 'Seamless booking',
    headline: 'Book a session without the back-and-forth',
    lead: 'Send a clear request with your idea, placement, size and references, pick a real free time from the artist\u2019s calendar, and get a confirmed booking once the artist accepts and your deposit is paid.',
    primaryCta: { label: 'Find an artist to book', href: '/artists' },
    secondaryCta: { label: 'How deposits work', href: '/features/secure-payments' },
    highlights: [
      { title: 'Real availability', text: 'Times come from the artist\u2019s working hours and existing bookings, shown in your time zone and correct across daylight-saving changes.' },
      { title: 'No double bookings', text: 'A held slot can never be given to someone else; the database itself refuses overlapping bookings.' },
      { title: 'Everything in one request', text: 'Idea, placement, size, reference photos and whether you want a video or in-person consultation.' },
      { title: 'Clear status', text: 'Requested, accepted, awaiting deposit, confirmed, completed: you always know where your booking stands.' },
    ],
    steps: [
      { title: 'Choose a service and time', text: 'Pick a consultation or a session and one of the artist\u2019s free slots.' },
      { title: 'Describe your idea', text: 'Add placement, size and reference photos so the artist can plan.' },
      { title: 'The artist accepts', text: 'You are notified straight away; the slot is held for you.' },
      { title: 'Pay the deposit', text: 'Your booking is confirmed and reminders are scheduled.' },
    ],
    forClients: [
      'Reschedule with 48 to 72 hours of notice; your deposit carries over.',
      'Get reminders before your appointment.',
      'See every change to your booking, and who made it, on the booking page.',
    ],
    forArtists: [
      'Set working hours, services, durations and deposits once.',
      'Accept or decline requests with all details in one place.',
      'Choose your notice period (48 to 72 hours) and reschedule limit.',
    ],
    faq: [
      { question: 'What if the artist does not answer?', answer: 'Requests that are not answered in time expire, and you are told so you can book someone else.' },
      { question: 'Can I book a specific flash design?', answer: 'Yes. Choose "Book this design" on a flash design; one-off designs cannot be booked twice.' },
      { question: 'How long is a piercing appointment?', answer: 'It depends on the difficulty: Beginner 15-30 minutes, Intermediate 30-45, Advanced and Expert 45-90.' },
    ],
    closing: { title: 'Ready when you are', text: 'Find an artist whose work you love and request your first booking.', cta: { label: 'Book an artist', href: '/booking' } },
  },
  {
    path: '/features/virtual-consultations',
    eyebrow: 'Virtual consultations',
    headline: 'Talk it through with your artist before the first needle',
    lead: 'Book a consultation to discuss design, size, placement and price before you commit to a session, in the studio or as a video call.',
    primaryCta: { label: 'Book a video consultation', href: '/consultation' },
    secondaryCta: { label: 'How booking works', href: '/features/seamless-booking' },
    highlights: [
      { title: 'A booking of its own', text: 'A consultation has its own time, reminders and status, like any appointment, and holds the artist\u2019s time for you.' },
      { title: 'In the studio or on video', text: 'Say which you prefer when you request it; the artist sees your choice beside your idea.' },
      { title: 'Bring your references', text: 'Attach reference and placement photos to the request so the artist can prepare.' },
      { title: 'Free or a small fee', text: 'Each artist sets the price of their consultation service; you see it before you ask.' },
    ],
    steps: [
      { title: 'Choose the consultation', text: 'Pick the artist\u2019s consultation service, a free time, and in person or video call.' },
      { title: 'Describe your idea', text: 'Add placement, size and reference photos.' },
      { title: 'The artist accepts', text: 'You are notified; a video call opens in Inkhaven 10 minutes before the start, under Video Calls.' },
      { title: 'Book the session', text: 'After the call your artist can send you the session request with your idea filled in; you pick the time.' },
    ],
    forClients: ['Compare artists before committing to a deposit.', 'Ask about healing, jewelry and aftercare.', 'Reminders before the consultation, like any booking.'],
    forArtists: ['Qualify ideas before blocking studio time.', 'Decide whether consultations are free or carry a small fee.', 'Let clients book consultations instantly if you wish.'],
    faq: [
      { question: 'Can I join the video call in Inkhaven?', answer: 'Yes. Open Video Calls and press Join, from 10 minutes before the start until the end. It runs in your browser with your camera and microphone; nothing to install.' },
      { question: 'Can I show the artist where the piece goes?', answer: 'Yes. During the call the artist can ask for a placement photo: take a still from your camera or upload one. It is attached to your booking, visible only to you and the artist.' },
      { question: 'Do consultations cost money?', answer: 'Each artist decides. Many are free; some charge a small fee.' },
    ],
    closing: { title: 'Start with a conversation', text: 'Find an artist and request a consultation.', cta: { label: 'Browse artists', href: '/artists' } },
  },
  {
    path: '/features/digital-consent',
    eyebrow: 'Digital consent',
    headline: 'Consent forms you can sign before you arrive',
    lead: 'Once your booking is confirmed, read and sign your artist\u2019s consent form on your own device. Signed forms are sealed into a PDF with a SHA-256 fingerprint, so you and your artist keep exactly what was signed.',
    primaryCta: { label: 'Try the consent form', href: '/demo-consent-form' },
    secondaryCta: { label: 'Find an artist', href: '/artists' },
    highlights: [
      { title: 'Signed on any device', text: 'A signature pad for finger, pen or mouse, and a typed-name alternative that works with the keyboard alone.' },
      { title: 'Locked once signed', text: 'A signed form cannot be edited. Its PDF carries a SHA-256 fingerprint, and Inkhaven can recompute it to show nothing changed.' },
      { title: 'A record of signing', text: 'Who signed, when, and which version of the artist\u2019s form, sealed into the PDF.' },
      { title: 'Age checks', text: 'Tattoo clients must be 18 or older on the day. A piercing client under 18 signs with a parent or legal guardian.' },
    ],
    steps: [
      { title: 'Your booking is confirmed', text: 'A \u201cSign consent form\u201d button appears on your booking.' },
      { title: 'Read and answer', text: 'Health questions, your date of birth and, if you like, a photo of your ID.' },
      { title: 'Sign', text: 'Draw your signature or type your name.' },
      { title: 'Keep a copy', text: 'Download the signed PDF; your artist sees \u201cConsent signed\u201d on the booking.' },
    ],
    forClients: ['No clipboard in the waiting room.', 'A copy of exactly what you signed.', 'Health answers shared only with your artist, never kept on your device.'],
    forArtists: ['Edit your tattoo and piercing questions; each save is a new version.', 'See on your dashboard which clients have signed.', 'Download every signed form as a PDF.'],
    faq: [
      { question: 'Can I try it without a booking?', answer: 'Yes. The demo form has the default questions and sends nothing: nothing you type is stored.' },
      { question: 'Who sees my form?', answer: 'You and the artist you booked. Inkhaven\u2019s administrators can open it only to resolve a problem.' },
      { question: 'Can the artist change their questions after I sign?', answer: 'Artists can save new versions, but your booking keeps the version in force when it was confirmed, and a signed form never changes.' },
    ],
    closing: { title: 'Sign before you arrive', text: 'Book an artist; once your booking is confirmed, the consent form is one tap away.', cta: { label: 'Find an artist', href: '/artists' } },
  },
  {
    path: '/features/secure-payments',
    eyebrow: 'Secure payments',
    headline: 'Deposits that protect both sides',
    lead: 'A deposit secures your slot and the artist\u2019s time. Deposits are typically 100 to 500 USD and credited to your final price. Artists take them by card on a secure checkout page, or at the studio.',
    primaryCta: { label: 'Find an artist', href: '/artists' },
    secondaryCta: { label: 'Payment setup for artists', href: '/artist/payment-setup' },
    highlights: [
      { title: 'Secure checkout', text: 'Card payments are processed by Stripe; Inkhaven never sees or stores your card number.' },
      { title: 'Credited, not extra', text: 'Your deposit comes off the final price of your session.' },
      { title: 'Fair refunds', text: 'Refunded in full if the artist cancels; kept by the artist if you cancel late.' },
      { title: 'Never charged twice', text: 'When you reschedule in time, your deposit moves to the new date.' },
    ],
    steps: [
      { title: 'The artist accepts', text: 'Your booking moves to awaiting deposit.' },
      { title: 'Pay the deposit', text: 'Use the secure checkout, or pay at the studio if the artist takes deposits in person.' },
      { title: 'Booking confirmed', text: 'The booking shows the deposit as paid, and the slot is yours.' },
      { title: 'Settle the rest', text: 'Pay the remaining balance with your artist after the session.' },
    ],
    forClients: ['See the deposit on the profile before you request.', 'Clear rules for cancellations and reschedules.', 'Your booking shows where your deposit stands: due, paid, refunded or kept.'],
    forArtists: ['Fewer no-shows.', 'Payouts to your own account once connected.', 'Set deposits per service within 100 to 500 USD.'],
    faq: [
      { question: 'How much notice do I need to give to keep my deposit?', answer: 'Between 48 and 72 hours, depending on the artist. The exact notice is shown on the booking.' },
      { question: 'What if I do not pay the deposit in time?', answer: 'The hold on the slot expires so that others can book it. You can request a new time.' },
    ],
    closing: { title: 'Book with confidence', text: 'Every deposit is tracked on your booking, from payment to refund.', cta: { label: 'Browse artists', href: '/artists' } },
  },
  {
    path: '/features/aftercare-automation',
    eyebrow: 'Aftercare automation',
    headline: 'The right aftercare step, on the right day',
    lead: 'When your artist marks a tattoo or piercing session complete, Inkhaven sends its aftercare plan step by step, by notification and e-mail, at 9:00 in your time zone, and lets you tell your artist how it is healing.',
    primaryCta: { label: 'Read the aftercare guide', href: '/aftercare-guides' },
    secondaryCta: { label: 'Find an artist', href: '/artists' },
    highlights: [
      { title: 'Tattoo timeline', text: 'Days 1-3 fresh wound care, days 4-14 peeling and itching, weeks 2-4 settling in: 28 days in total.' },
      { title: 'Piercing routine', text: 'Saline (0.9%) cleaning 1-2 times daily, no more than twice, in a ten-minute routine, for the healing time of your piercing style: 4 weeks to 12 months.' },
      { title: 'How is it healing?', text: 'Check in with a few taps and up to 4 photos that only you, your artist and Inkhaven staff can see.' },
      { title: 'Know when to act', text: 'Answers that describe warning signs show when to seek care (if symptoms persist beyond 48 hours) and message your artist in one tap.' },
    ],
    steps: [
      { title: 'Session complete', text: 'Your artist marks the appointment as done, or it completes by itself after the grace period.' },
      { title: 'Plan created', text: 'The plan follows your tattoo, or your piercing style’s healing range, from the day of your appointment.' },
      { title: 'Messages arrive', text: 'Each step comes as a notification and an e-mail at 9:00 your time. Consultations get no plan.' },
      { title: 'Healed', text: 'At the end of the healing time, share the healed result with your artist and add a follow-up to your review.' },
    ],
    forClients: ['Guidance that matches the day you are on.', 'The same timeline as the aftercare guide.', 'Healing check-ins from the booking page or any aftercare message.'],
    forArtists: ['See every client check-in, with photos, on the booking.', 'State healing time, aftercare and safety protocols for each service.', 'Healed follow-ups on your reviews.'],
    faq: [
      { question: 'When do the messages come?', answer: 'At 9:00 in the time zone you booked from: day 1, day 4 and day 15 for a tattoo, then the healed invitation after 28 days; for a piercing, day 1, day 4, two weeks, when it may look healed, and the end of its healing range.' },
      { question: 'Is this medical advice?', answer: 'No. If something looks wrong, contact your artist and a doctor.' },
    ],
    closing: { title: 'Heal well from day one', text: 'See the full timeline and product list in our aftercare guide.', cta: { label: 'Open the aftercare guide', href: '/aftercare-guides' } },
  },
  {
    path: '/features/real-time-messaging',
    eyebrow: 'Real-time messaging',
    headline: 'Talk to your artist in one place',
    lead: 'Every booking has its own conversation, and you can message an artist before you book, so ideas, references and questions stay with the appointment they belong to.',
    primaryCta: { label: 'Find an artist', href: '/artists' },
    secondaryCta: { label: 'How booking works', href: '/features/seamless-booking' },
    highlights: [
      { title: 'Instant delivery', text: 'New messages, typing and read receipts appear live, without reloading.' },
      { title: 'Resilient', text: 'A message typed offline waits on your device and is sent once you reconnect, exactly once.' },
      { title: 'Private contact', text: 'No need to share your phone number or personal social accounts.' },
      { title: 'Everything in context', text: 'Each thread links to its booking, with its service, date and status.' },
    ],
    steps: [
      { title: 'Request a booking', text: 'A conversation with the artist opens with it.' },
      { title: 'Share details', text: 'Ask questions and send references.' },
      { title: 'Get notified', text: 'A notification tells you when the artist replies.' },
    ],
    forClients: ['Ask before you pay anything.', 'Keep all plans in writing.', 'Reach your artist during healing.'],
    forArtists: ['All client conversations in one inbox.', 'Booking details beside every thread.', 'No more lost DMs across apps.'],
    faq: [
      { question: 'Can I message an artist before booking?', answer: 'Yes: the Message button on a profile opens a conversation, unless the artist has switched enquiries off. You can start up to 5 new ones a day.' },
      { question: 'Who can read my messages?', answer: 'Only the people in the conversation.' },
    ],
    closing: { title: 'Start with a booking request', text: 'Everything the artist needs to know, in one request.', cta: { label: 'Browse artists', href: '/artists' } },
  },
  {
    path: '/features/analytics-dashboard',
    eyebrow: 'Analytics dashboard',
    headline: 'Your bookings and deposits at a glance',
    lead: 'For artists: requests to answer, today\u2019s appointments, deposits due and the money your deposits brought in, in one dashboard.',
    primaryCta: { label: 'Create your artist profile', href: '/artist/create' },
    secondaryCta: { label: 'Go to your dashboard', href: '/dashboard' },
    highlights: [
      { title: 'Requests with everything you need', text: 'Idea, placement, size, the deposit and a client\u2019s earlier no-shows, with accept and decline beside them.' },
      { title: 'Money at a glance', text: 'Deposits received, refunded and kept, counted once from the payment ledger, as a chart and as figures.' },
      { title: 'Your calendar', text: 'Week and month views of your appointments, and a private feed for the calendar app on your phone.' },
      { title: 'Reviews and ratings', text: 'Your average, the 1 to 5 distribution, and a reply to every review.' },
      { title: 'Insights', text: 'Profile views, search appearances, where visitors come from, acceptance and no-show rates, and your busiest days and hours, over 7, 30 or 90 days or dates you choose, as charts, tables and CSV.' },
    ],
    steps: [
      { title: 'Create your profile', text: 'Add styles, services, prices and working hours.' },
      { title: 'Take bookings', text: 'Every view, request and payment is counted automatically.' },
      { title: 'Review your dashboard', text: 'Spot what works and adjust services, prices or portfolio.' },
    ],
    forClients: ['Usage analytics only run when you allow them on your device.', 'Artists see the bookings made with them, nobody else\u2019s.'],
    forArtists: ['See which deposits are due and when.', 'Spot no-shows and late cancellations.', 'Track how your rating develops.'],
    faq: [
      { question: 'Does it cost extra?', answer: 'No. The dashboard is part of every artist profile.' },
      { question: 'Can I see how many people viewed my profile?', answer: 'Yes. The Insights tab of your dashboard counts profile views and search appearances per day, and shows where visitors came from. No visitor is identified: only the count and the kind of page or site they came from are kept.' },
    ],
    closing: { title: 'Grow with real numbers', text: 'Create your artist profile in a few minutes.', cta: { label: 'Get started', href: '/artist/create' } },
  },
  {
    path: '/features/flash-design-gallery',
    eyebrow: 'Flash design gallery',
    headline: 'Ready-to-tattoo designs you can book today',
    lead: 'Browse flash designs from artists across Inkhaven. Each shows its size, price and artist; book the one you love and the design is reserved for you.',
    primaryCta: { label: 'Browse flash designs', href: '/flash' },
    secondaryCta: { label: 'Explore tattoo styles', href: '/tattoo-styles' },
    highlights: [
      { title: 'Filter what fits', text: 'By style, size, price and city.' },
      { title: 'Clear pricing', text: 'Flash has a fixed price, shown up front.' },
      { title: 'Truly one-off', text: 'A one-off design cannot be booked twice; it is marked reserved, then gone.' },
      { title: 'Straight to booking', text: '"Book this design" starts a booking with the design already attached.' },
      { title: 'Try it on first', text: '"Try it on" shows the design on your skin with your camera or a photo. The picture stays on your device unless you attach a snapshot to your request.' },
    ],
    steps: [
      { title: 'Browse', text: 'Scroll designs or filter by style, size, price and city.' },
      { title: 'Choose', text: 'Open a design to see size, price and the artist.' },
      { title: 'Book this design', text: 'Pick a time; the design is reserved while your booking is live.' },
    ],
    forClients: ['Get tattooed sooner: flash sessions are short and planned.', 'Know the price before you book.', 'Discover artists through their designs.'],
    forArtists: ['Fill gaps in your calendar.', 'Mark each design available, reserved or gone.', 'Designs appear on your profile and in the gallery.'],
    faq: [
      { question: 'Can I change a flash design?', answer: 'Small changes like size or colour are up to the artist; ask in the booking messages.' },
      { question: 'What does "reserved" mean?', answer: 'Someone has a live booking for that design. If it is cancelled the design becomes available again.' },
    ],
    closing: { title: 'Find your flash', text: 'New designs are added by artists every week.', cta: { label: 'Open the gallery', href: '/flash' } },
  },
  {
    path: '/features/identity-safety',
    eyebrow: 'Identity and safety',
    headline: 'Safety built into every step',
    lead: 'Verified artists, reviews only from completed bookings, reports and blocks that reach a real team, and your data yours to take or delete.',
    primaryCta: { label: 'Browse verified artists', href: '/artists?verified=true' },
    secondaryCta: { label: 'Get help', href: '/support' },
    highlights: [
      { title: 'Verified artists', text: 'Artists upload their licence or health permit with its issuing place and expiry. The Inkhaven team checks it and adds the Verified badge; the badge goes away by itself when the document expires. Documents are never shown publicly.' },
      { title: 'Reviews you can trust', text: 'Only clients with a completed booking can review, once per booking.' },
      { title: 'Report and block', text: 'Report a profile, a review, a booking or a message to our team, and block anyone: a blocked person cannot message you, and you cannot message them.' },
      { title: 'Your data, your call', text: 'Download everything we hold about you, with your pictures, as one file from your account settings, or delete your account. Bookings keep only what the other person needs, under \u201cDeleted user\u201d.' },
    ],
    steps: [
      { title: 'Check the badge', text: 'Filter search to verified artists only.' },
      { title: 'Read real reviews', text: 'See the rating distribution, not only the average.' },
      { title: 'Book and pay on Inkhaven', text: 'Every change to your booking and every deposit payment or refund is recorded.' },
      { title: 'Report concerns', text: 'Use Report on the profile, review, booking or message; our team reviews each report and records what was done.' },
    ],
    forClients: ['Request a booking without sharing your phone number.', 'Card payments handled by Stripe.', 'Block an artist from their profile or your booking.'],
    forArtists: ['A Verified badge backed by your licence, with reminders 30 and 7 days before it expires.', 'See a client\u2019s earlier no-shows on their request.', 'Report or block abusive clients from the booking.'],
    faq: [
      { question: 'How do I get verified as an artist?', answer: 'Open Licences and verification from your dashboard and upload a photo or scan of your licence or health permit with its issuing place and expiry date. The Inkhaven team approves it or tells you why not; once approved, the Verified badge shows on your profile until the document expires.' },
      { question: 'Who sees my licence?', answer: 'Only you and the Inkhaven team. Visitors see the badge, never the document.' },
      { question: 'What should I do if I feel unsafe?', answer: `If you are in danger, call local emergency services first. Then report the profile, booking or message, or contact our support team with the details.` },
      { question: 'Can I delete my account?', answer: 'Yes, from your account settings, with your password. You can download your data first.' },
    ],
    closing: { title: 'Questions about safety?', text: 'Our support team is here to help.', cta: { label: 'Contact support', href: '/support' } },
  },
  {
    path: '/virtual-consultations',
    eyebrow: 'Video consultations',
    headline: 'Plan your tattoo or piercing before you book it',
    lead: 'A short consultation with an artist is the easiest way to shape an idea into a design, check placement and get a price, before you commit to a session or a deposit.',
    primaryCta: { label: 'Find an artist for a video call', href: '/consultation' },
    secondaryCta: { label: 'Your video calls', href: '/consultations' },
    highlights: [
      { title: 'What to discuss', text: 'Your idea and references, size and placement, style, number of sessions, price and deposit.' },
      { title: 'How to prepare', text: 'Collect reference images, know roughly where the piece goes, and wear clothing that shows the area.' },
      { title: 'For piercings too', text: 'A piercer can look at your anatomy and suggest placements and jewelry.' },
      { title: 'In the studio or on video', text: 'Say which you prefer when you request the consultation.' },
    ],
    steps: [
      { title: 'Pick an artist', text: 'Search by style and open the artist\u2019s consultation service.' },
      { title: 'Request a consultation', text: 'Choose a time and in person or video call; the artist accepts and you both get reminders.' },
      { title: 'Meet', text: 'At the studio, or on a video call in Inkhaven: Join opens 10 minutes before the start.' },
      { title: 'Book your session', text: 'Agree on the plan and request the session from the artist\u2019s profile.' },
    ],
    forClients: ['Compare two or three artists before choosing.', 'Ask about aftercare and healing time.', 'Know the price before you pay a deposit.'],
    forArtists: ['Arrive at the session with an agreed design.', 'Offer consultations free or for a small fee.', 'Qualify ideas before blocking studio time.'],
    faq: [
      { question: 'How long is a consultation?', answer: 'The artist sets the length of their consultation service; you see it before you request one.' },
      { question: 'Can I join the call inside Inkhaven?', answer: 'Yes. Under Video Calls, Join opens 10 minutes before the start and stays open until the end; it runs in your browser.' },
    ],
    closing: { title: 'Your idea deserves a conversation', text: 'Find an artist and request a consultation.', cta: { label: 'Browse artists', href: '/artists' } },
  },
];

export function featureContentFor(path: string): FeatureContent | undefined {
  const clean = path.replace(/\/$/, '') || '/';
  return FEATURE_CONTENT.find((c) => c.path === clean);
}

export function featureMetaFor(path: string): FeaturePageMeta | undefined {
  return [...FEATURE_PAGE_META, VIRTUAL_CONSULTATIONS_META].find((m) => m.path === path);
}
