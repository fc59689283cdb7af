import { useRef } from 'react';
import { ArrowRight } from 'lucide-react';
import { SiteFooter } from '../../components/layouts/site-footer.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { getAppConfig } from '../../config/app-config.ts';
import { paths } from '../../config/paths.ts';
import { Hero } from './components/hero.tsx';
import { LandingHeader } from './components/landing-header.tsx';
import { Pricing } from './components/pricing.tsx';
import { Benefits, ContinuousImprovement, Domains, HowItWorks, WhatItIs } from './components/sections.tsx';

export function LandingPage() {
  const { checkoutUrl, contactEmail } = getAppConfig();
  const explanation = useRef<HTMLHeadingElement>(null);
  const learnMore = () => {
    const el = explanation.current;
    if (!el) return;
    el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
  };
  return (
    <div className="min-h-dvh bg-white">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <LandingHeader />
      <main id="main">
        <Hero onLearnMore={learnMore} />
        <WhatItIs titleRef={explanation} />
        <Domains />
        <HowItWorks />
        <ContinuousImprovement />
        <Benefits />
        <Pricing checkoutUrl={checkoutUrl} contactEmail={contactEmail} />
        <section aria-labelledby="cta-title" className="bg-white">
          <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 px-4 py-16 sm:px-6 md:flex-row md:items-center lg:px-8">
            <div>
              <h2 id="cta-title" className="text-2xl font-semibold tracking-tight text-slate-900">
                Ready to see where you stand?
              </h2>
              <p className="mt-2 text-slate-600">Create your organization in minutes and invite your team.</p>
            </div>
            <ButtonLink to={paths.signup.href()} size="lg" icon={<ArrowRight aria-hidden="true" className="order-last size-4" />}>
              Get Started
            </ButtonLink>
          </div>
        </section>
      </main>
      <SiteFooter contactEmail={contactEmail} />
    </div>
  );
}
