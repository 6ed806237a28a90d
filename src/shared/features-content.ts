import { FEATURE_PAGE_META, VIRTUAL_CONSULTATIONS_META, type FeaturePageMeta } from './features-meta.ts';

export type Cta = { label: string; href: string };
export type TitledText = { title: string; text: string };

/** Body of one feature page; the data-driven FeaturePage renders every one the same way. */
export type FeatureContent = {
  path: string;
  eyebrow: string;
  headline: string;
  lead: string;
  primaryCta: Cta;
  secondaryCta?: Cta;
  highlights: TitledText[];
  steps: TitledText[];
  forClients: string[];
  forArtists: string[];
  faq: Array<{ question: string; answer: string }>;
  closing: { title: string; text: string; cta: Cta };
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
      'Message your artist from the booking at any time.',
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
    headline: 'Meet your artist on video before the first needle',
    lead: 'Discuss design, size, placement and price face to face on a video call in your browser. No app to install, no phone numbers exchanged.',
    primaryCta: { label: 'Book a video consultation', href: '/virtual-consultations' },
    secondaryCta: { label: 'Find an artist', href: '/artists' },
    highlights: [
      { title: 'Works in the browser', text: 'Join from your phone or computer with a camera and microphone. Nothing to download.' },
      { title: 'Private by design', text: 'Video flows directly between you and the artist where your network allows it, and calls are not recorded.' },
      { title: 'Part of your booking', text: 'The call is a consultation booking with its own time, reminders and message thread.' },
      { title: 'Show, don\u2019t tell', text: 'Point the camera at the placement, hold up sketches and share reference photos in the chat.' },
    ],
    steps: [
      { title: 'Choose "video" when booking', text: 'Pick the artist\u2019s consultation service and select the video option.' },
      { title: 'Get confirmed', text: 'The artist accepts and you both get reminders.' },
      { title: 'Join the call', text: 'Open Video Calls at the booked time and allow camera and microphone.' },
      { title: 'Book the session', text: 'Agree on the design and book your session from the same thread.' },
    ],
    forClients: ['Save a trip for a first conversation.', 'Compare artists before committing to a deposit.', 'Ask about healing, jewelry and aftercare.'],
    forArtists: ['Qualify ideas before blocking studio time.', 'Serve clients from other cities.', 'Decide whether consultations are free or carry a small fee.'],
    faq: [
      { question: 'What do I need?', answer: 'A recent browser with a camera and microphone, and a stable connection.' },
      { question: 'Do consultations cost money?', answer: 'Each artist decides. Many are free; some charge a small fee that is credited to the session.' },
    ],
    closing: { title: 'Start with a conversation', text: 'Find an artist who offers video consultations.', cta: { label: 'Browse artists', href: '/artists' } },
  },
  {
    path: '/features/digital-consent',
    eyebrow: 'Digital consent',
    headline: 'Sign your consent form before you arrive',
    lead: 'Read the studio\u2019s consent form on your own device, answer the health questions privately and sign with your finger or mouse. Less paperwork at the desk, more time in the chair.',
    primaryCta: { label: 'Try the consent form demo', href: '/demo-consent-form' },
    secondaryCta: { label: 'Set up forms as an artist', href: '/artist/consent-forms' },
    highlights: [
      { title: 'Signed on any device', text: 'A clear form with a signature pad that works with touch, pen, mouse or keyboard.' },
      { title: 'Locked once signed', text: 'Signed forms cannot be edited. Each is fingerprinted with a hash so any change would be detectable.' },
      { title: 'Audit trail', text: 'Who signed, when and what version of the form, recorded at the same moment as the signature.' },
      { title: 'Age checks', text: 'Tattoo clients must be 18 or older; the form will not complete otherwise.' },
    ],
    steps: [
      { title: 'Your booking is confirmed', text: 'You receive a link to the artist\u2019s consent form.' },
      { title: 'Read and answer', text: 'Go through the health questions and aftercare acknowledgement at your own pace.' },
      { title: 'Sign', text: 'Draw your signature or type your name; review it before submitting.' },
      { title: 'Keep a copy', text: 'Download the signed PDF. Your artist sees it on the booking.' },
    ],
    forClients: ['No clipboard in the waiting room.', 'A copy of exactly what you signed.', 'Health answers shared only with your artist.'],
    forArtists: ['Use your own form text and questions.', 'See at a glance which upcoming clients have signed.', 'Tamper-evident records if you ever need them.'],
    faq: [
      { question: 'Can I change my answers after signing?', answer: 'Not on a signed form. Tell your artist; they can ask you to sign a new one.' },
      { question: 'Who can see my form?', answer: 'Only you and the artist you booked.' },
    ],
    closing: { title: 'See how it feels', text: 'Open the demo form: nothing you enter is stored.', cta: { label: 'Open the demo', href: '/demo-consent-form' } },
  },
  {
    path: '/features/secure-payments',
    eyebrow: 'Secure payments',
    headline: 'Deposits that protect both sides',
    lead: 'A deposit secures your slot and the artist\u2019s time. Deposits are typically 100 to 500 USD, credited to your final price, and handled on a secure checkout page.',
    primaryCta: { label: 'Find an artist', href: '/artists' },
    secondaryCta: { label: 'Payment setup for artists', href: '/artist/payment-setup' },
    highlights: [
      { title: 'Secure checkout', text: 'Cards are processed by our payment provider; Inkhaven never sees or stores your card number.' },
      { title: 'Credited, not extra', text: 'Your deposit comes off the final price of your session.' },
      { title: 'Fair refunds', text: 'Refunded in full if the artist cancels; kept by the artist if you cancel late.' },
      { title: 'Never charged twice', text: 'When you reschedule in time, your deposit moves to the new date.' },
    ],
    steps: [
      { title: 'The artist accepts', text: 'Your booking moves to awaiting deposit.' },
      { title: 'Pay the deposit', text: 'Use the secure checkout, or pay at the studio if the artist takes deposits in person.' },
      { title: 'Booking confirmed', text: 'You get a receipt and the slot is yours.' },
      { title: 'Settle the rest', text: 'Pay the remaining balance with your artist after the session.' },
    ],
    forClients: ['See the deposit on the profile before you request.', 'Clear rules for cancellations and reschedules.', 'Receipts for every payment.'],
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
    lead: 'After your session is marked complete, Inkhaven sends reminders that follow the healing timeline for your tattoo or piercing, so you never have to wonder what to do next.',
    primaryCta: { label: 'Read the aftercare guide', href: '/aftercare-guides' },
    secondaryCta: { label: 'Find an artist', href: '/artists' },
    highlights: [
      { title: 'Tattoo timeline', text: 'Days 1-3 fresh wound care, days 4-14 peeling and itching, weeks 2-4 settling in: 28 days in total.' },
      { title: 'Piercing routine', text: 'Saline cleaning 1-2 times daily, no more than twice, in a ten-minute routine.' },
      { title: 'Know when to act', text: 'Clear warning signs, and a reminder to seek care if symptoms persist beyond 48 hours.' },
      { title: 'Your artist, one tap away', text: 'Every reminder links to your booking\u2019s message thread.' },
    ],
    steps: [
      { title: 'Session complete', text: 'Your artist marks the appointment as done.' },
      { title: 'Plan created', text: 'A reminder schedule is created for your tattoo or piercing.' },
      { title: 'Reminders arrive', text: 'As notifications in the app and, if you allow it, by email.' },
      { title: 'Heal and review', text: 'When healing is done, leave a review for your artist.' },
    ],
    forClients: ['Guidance that matches the day you are on.', 'Reminders survive restarts: none are lost.', 'Turn reminders off at any time.'],
    forArtists: ['Fewer repeat questions.', 'Better-healed work in your portfolio.', 'Clients who feel looked after come back.'],
    faq: [
      { question: 'Do reminders replace my artist\u2019s instructions?', answer: 'No. Your artist\u2019s instructions come first; reminders follow the standard timeline and point you to them.' },
      { question: 'Is this medical advice?', answer: 'No. If something looks wrong, contact your artist and a doctor.' },
    ],
    closing: { title: 'Heal well from day one', text: 'See the full timeline and product list in our aftercare guide.', cta: { label: 'Open the aftercare guide', href: '/aftercare-guides' } },
  },
  {
    path: '/features/real-time-messaging',
    eyebrow: 'Real-time messaging',
    headline: 'Talk to your artist in one place',
    lead: 'Share ideas, references and questions with your artist in a thread tied to your booking. Messages arrive instantly, and nothing is lost on a patchy connection.',
    primaryCta: { label: 'Open messages', href: '/messages' },
    secondaryCta: { label: 'Find an artist', href: '/artists' },
    highlights: [
      { title: 'Instant delivery', text: 'New messages, typing and read status appear live.' },
      { title: 'Resilient', text: 'Messages typed offline are sent once you reconnect, exactly once.' },
      { title: 'Private contact', text: 'No need to share your phone number or personal social accounts.' },
      { title: 'Everything in context', text: 'Each thread sits next to its booking, with dates, deposit and status.' },
    ],
    steps: [
      { title: 'Request a booking', text: 'A conversation with the artist opens with it.' },
      { title: 'Share details', text: 'Ask questions and send references.' },
      { title: 'Get notified', text: 'A notification tells you when the artist replies.' },
    ],
    forClients: ['Ask before you pay anything.', 'Keep all plans in writing.', 'Reach your artist during healing.'],
    forArtists: ['All client conversations in one inbox.', 'Booking details beside every thread.', 'No more lost DMs across apps.'],
    faq: [
      { question: 'Can I message an artist without booking?', answer: 'Conversations start from a booking request, so every thread has the context the artist needs.' },
      { question: 'Who can read my messages?', answer: 'Only the people in the conversation.' },
    ],
    closing: { title: 'Start the conversation', text: 'Sign in to see your messages, or find an artist to contact.', cta: { label: 'Sign in', href: '/login' } },
  },
  {
    path: '/features/analytics-dashboard',
    eyebrow: 'Analytics dashboard',
    headline: 'Know what brings clients to your chair',
    lead: 'For artists and studios: see how people find your profile, how many become booking requests and deposits, and what clients say afterwards.',
    primaryCta: { label: 'Create your artist profile', href: '/artist/create' },
    secondaryCta: { label: 'Go to your dashboard', href: '/dashboard' },
    highlights: [
      { title: 'From view to booking', text: 'Follow each step: profile views, booking started, request sent, deposit paid, session completed.' },
      { title: 'Where clients come from', text: 'Search, style guides, shared links or social media.' },
      { title: 'Money at a glance', text: 'Deposits paid, upcoming sessions and cancellations.' },
      { title: 'Reviews and ratings', text: 'Your average, the 1 to 5 distribution and new reviews.' },
    ],
    steps: [
      { title: 'Create your profile', text: 'Add styles, services, prices and working hours.' },
      { title: 'Take bookings', text: 'Every request and payment is counted automatically.' },
      { title: 'Review your dashboard', text: 'Spot what works and adjust services, prices or portfolio.' },
    ],
    forClients: ['Analytics only run when you accept them on your device.', 'Figures are shown to artists in aggregate, not as personal profiles.'],
    forArtists: ['See which styles and flash designs attract bookings.', 'Understand no-shows and late cancellations.', 'Track how your rating develops.'],
    faq: [
      { question: 'Does it cost extra?', answer: 'No. The dashboard is part of every artist profile.' },
      { question: 'Can studios see all their artists?', answer: 'Studio figures combine the artists listed at the studio.' },
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
    lead: 'From verified artists and private messaging to secure accounts and consent checks, Inkhaven is designed so clients and artists can trust who they are dealing with.',
    primaryCta: { label: 'Browse verified artists', href: '/artists?verified=true' },
    secondaryCta: { label: 'Get help', href: '/support' },
    highlights: [
      { title: 'Verified artists', text: 'A badge shows that we have checked the artist\u2019s identity and studio details. Identity documents are never shown publicly.' },
      { title: 'Reviews you can trust', text: 'Only clients with a completed booking can review, once per booking.' },
      { title: 'Secure accounts', text: 'Strong password checks, sign-in throttling and secure, http-only session cookies.' },
      { title: 'Consent and age checks', text: 'Digital consent before every appointment; tattoo clients must be 18 or older.' },
    ],
    steps: [
      { title: 'Check the badge', text: 'Filter search to verified artists only.' },
      { title: 'Read real reviews', text: 'See the rating distribution, not only the average.' },
      { title: 'Keep it on Inkhaven', text: 'Messages and payments on the platform are protected and traceable.' },
      { title: 'Report concerns', text: 'Contact support; safety reports are handled first.' },
    ],
    forClients: ['No need to share your phone number.', 'Payments handled by a secure provider.', 'Clear refund rules if an artist cancels.'],
    forArtists: ['Deposits reduce no-shows.', 'Signed consent on file for every session.', 'Report abusive clients to our team.'],
    faq: [
      { question: 'How do I get verified as an artist?', answer: 'Create your artist profile. Our team reviews your identity and studio details and adds the badge once they check out.' },
      { question: 'What should I do if I feel unsafe?', answer: `If you are in danger, call local emergency services first. Then contact our support team with the details.` },
    ],
    closing: { title: 'Questions about safety?', text: 'Our support team is here to help.', cta: { label: 'Contact support', href: '/support' } },
  },
  {
    path: '/virtual-consultations',
    eyebrow: 'Video consultations',
    headline: 'Plan your tattoo or piercing on a video call',
    lead: 'A short video call with an artist is the easiest way to shape an idea into a design, check placement and get a price, before you commit to a session or a deposit.',
    primaryCta: { label: 'Find an artist', href: '/artists' },
    secondaryCta: { label: 'Your video calls', href: '/consultations' },
    highlights: [
      { title: 'What to discuss', text: 'Your idea and references, size and placement, style, number of sessions, price and deposit.' },
      { title: 'How to prepare', text: 'Collect reference images, know roughly where the piece goes, and wear clothing that shows the area.' },
      { title: 'For piercings too', text: 'A piercer can look at your anatomy on camera and suggest placements and jewelry.' },
      { title: 'What you need', text: 'A phone or computer with a camera, a microphone and a recent browser.' },
    ],
    steps: [
      { title: 'Pick an artist', text: 'Search by style and look for a video consultation service.' },
      { title: 'Book a video consultation', text: 'Choose a time; the artist accepts and you both get reminders.' },
      { title: 'Join from Video Calls', text: 'At the booked time, open Video Calls and allow your camera and microphone.' },
      { title: 'Book your session', text: 'Agree on the plan and book the session in the same thread.' },
    ],
    forClients: ['Compare two or three artists before choosing.', 'No travel for a first chat.', 'Ask about aftercare and healing time.'],
    forArtists: ['Meet clients from anywhere.', 'Arrive at the session with an agreed design.', 'Offer consultations free or for a small fee.'],
    faq: [
      { question: 'How long is a consultation?', answer: 'Usually 15 to 30 minutes; the artist sets the length of their consultation service.' },
      { question: 'Is the call recorded?', answer: 'No. Calls are live only.' },
    ],
    closing: { title: 'Your idea deserves a conversation', text: 'Find an artist and book a video consultation.', cta: { label: 'Browse artists', href: '/artists' } },
  },
];

export function featureContentFor(path: string): FeatureContent | undefined {
  const clean = path.replace(/\/$/, '') || '/';
  return FEATURE_CONTENT.find((c) => c.path === clean);
}

export function featureMetaFor(path: string): FeaturePageMeta | undefined {
  return [...FEATURE_PAGE_META, VIRTUAL_CONSULTATIONS_META].find((m) => m.path === path);
}
