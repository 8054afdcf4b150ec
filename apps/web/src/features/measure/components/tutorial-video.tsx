import { Card, Text } from '@mantine/core';

/**
 * Served by the app from apps/web/public/tutorial (made from the app's own screens by
 * scripts/make-tutorial-video.mjs); nothing loads from elsewhere.
 */
export const TUTORIAL_VIDEO = {
  webm: '/tutorial/plansight-tutorial.webm',
  mp4: '/tutorial/plansight-tutorial.mp4',
  poster: '/tutorial/plansight-tutorial-poster.jpg',
  captions: '/tutorial/plansight-tutorial.en.vtt',
} as const;

/** The landing page's tutorial: one plan from upload to the A3 report, under a minute, with English captions. */
export function TutorialVideo() {
  return (
    <Card withBorder radius="lg" p={0} shadow="sm" style={{ overflow: 'hidden' }}>
      <video
        data-testid="tutorial-video" controls preload="metadata" playsInline poster={TUTORIAL_VIDEO.poster}
        aria-label="Tutorial: measuring a floor plan with Plansight, from upload to the PDF report"
        style={{ display: 'block', width: '100%', aspectRatio: '1280 / 806', background: '#f1f3f5' }}
      >
        <source src={TUTORIAL_VIDEO.webm} type="video/webm" />
        <source src={TUTORIAL_VIDEO.mp4} type="video/mp4" />
        <track kind="captions" src={TUTORIAL_VIDEO.captions} srcLang="en" label="English" default />
      </video>
      <Text size="sm" c="dimmed" px="lg" py="sm">
        A sample plan from upload to the A3 report: ceiling height and scale, the measured rooms, the walls view and the download.
      </Text>
    </Card>
  );
}
