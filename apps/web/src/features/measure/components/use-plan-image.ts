import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchPlanImage } from '../api/measure-api';

export interface PlanImage { url: string; widthPx: number; heightPx: number }

/** The plan PNG as an object URL plus its pixel size (fetched with the session token; kept for the page's lifetime). */
export function usePlanImage(src: string | undefined): PlanImage | null {
  const { data: blob } = useQuery({ queryKey: ['measure', 'plan-image', src], queryFn: () => fetchPlanImage(src!), enabled: !!src, staleTime: Infinity, retry: 1 });
  const [image, setImage] = useState<PlanImage | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.onload = () => setImage({ url, widthPx: img.naturalWidth, heightPx: img.naturalHeight });
    img.src = url;
    return () => { URL.revokeObjectURL(url); setImage(null); };
  }, [blob]);
  return image;
}

/** The image as a PNG data URL for jsPDF (the report embeds it; nothing is loaded from elsewhere). */
export async function imageToDataUrl(image: PlanImage): Promise<string> {
  const blob = await (await fetch(image.url)).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
