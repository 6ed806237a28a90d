import { Link } from 'react-router';

export default function LandingPage() {
  return (
    <div>
      <section className="bg-stone-950 px-4 py-20 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 className="max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">Find the artist for your next tattoo or piercing</h1>
          <p className="mt-6 max-w-2xl text-lg text-stone-300">
            Browse portfolios of verified tattoo and piercing artists, book a consultation or a video call, pay your deposit
            securely and get aftercare reminders that help you heal well.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/artists" className="rounded-md bg-amber-400 px-5 py-3 font-semibold text-stone-950 hover:bg-amber-300">Browse artists</Link>
            <a href="/api/login" className="rounded-md border border-stone-500 px-5 py-3 font-semibold text-white hover:bg-stone-800">Get Started</a>
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:grid-cols-3">
        {[
          ['Tattoo artists', 'Traditional, fine line, realism and more, near you.', '/tattoo-artists'],
          ['Piercing artists', 'Certified piercers, sterile studios, quality jewelry.', '/piercing-artists'],
          ['Aftercare guides', 'Heal well with day-by-day guidance.', '/aftercare-guides'],
        ].map(([title, text, href]) => (
          <Link key={href} to={href!} className="rounded-lg border border-stone-200 p-6 hover:border-stone-400">
            <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
            <p className="mt-2 text-stone-700">{text}</p>
          </Link>
        ))}
      </section>
    </div>
  );
}
