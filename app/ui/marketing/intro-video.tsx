/**
 * The self-hosted intro video: nothing is downloaded until the visitor presses play
 * (preload="none"), captions are on a track, and the poster is a small WebP.
 */
export function IntroVideo({ className }: { className?: string }) {
  return (
    <figure className={className}>
      <video
        controls
        preload="none"
        playsInline
        poster="/media/intro-poster.webp"
        width={854}
        height={480}
        className="aspect-video w-full rounded-xl bg-deep shadow-pop"
        aria-label="Intro video: what the membership offers, in 20 seconds"
      >
        <source src="/media/intro.webm" type="video/webm" />
        <source src="/media/intro.mp4" type="video/mp4" />
        <track kind="captions" src="/media/intro.en.vtt" srcLang="en" label="English" default />
        Your browser cannot play this video. It shows: research, analysis, community and tools in one
        membership.
      </video>
      <figcaption className="mt-2 text-sm text-muted">
        20-second intro, captions included. No sound.
      </figcaption>
    </figure>
  );
}
