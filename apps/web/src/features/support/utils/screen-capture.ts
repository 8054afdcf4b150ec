/** Thrown when the browser cannot capture the screen; the dialog then suggests uploading a file. */
export class ScreenCaptureUnavailable extends Error {}

/**
 * Asks the user to pick a screen, window or tab (getDisplayMedia), grabs one frame as a PNG file and stops
 * the capture at once, so nothing keeps recording.
 */
export async function captureScreenAsPng(now = new Date()): Promise<File> {
  if (!navigator.mediaDevices?.getDisplayMedia) throw new ScreenCaptureUnavailable('getDisplayMedia is not available');
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    if (!video.videoWidth) await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const g = canvas.getContext('2d');
    if (!g || !canvas.width) throw new ScreenCaptureUnavailable('no frame');
    g.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new ScreenCaptureUnavailable('could not encode the frame');
    const stamp = now.toISOString().slice(0, 19).replace(/[T:]/g, '-');
    return new File([blob], `screenshot-${stamp}.png`, { type: 'image/png' });
  } finally {
    stream.getTracks().forEach((t) => t.stop());
  }
}
