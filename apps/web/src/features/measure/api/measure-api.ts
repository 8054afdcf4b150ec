import { apiRequest } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** Result object of product-spec section 3 with the engine's geometry (mm, origin top-left, y down). */
export type PointMm = [number, number];
export interface OpeningDto { id: string; tag?: string; keyword?: string; dimensions?: string; width: number; height: number; position?: PointMm; segment?: [PointMm, PointMm]; exterior?: boolean }
export interface RoomDto {
  id?: string;
  /** 1..n in display order, the same on the plan, the list, the report and the API. */
  number?: number; label: string; polygon?: PointMm[];
  /** Left out of the totals by the user in the walls view (persisted by PATCH .../rooms/{roomId}). */
  excluded?: boolean; perimeter_mm: number; ceiling_area: number; net_wall_area: number;
  total_wall_surface_area: number; total_window_area: number; total_door_area: number; windows: OpeningDto[]; doors: OpeningDto[];
  /** Reshaped, given other openings or drawn by the user (the server re-measured it). */
  edited?: boolean; source?: 'detected' | 'added';
  /** The area the architect printed for the room (mm², from its stamp or the sheet's room schedule). */
  printed_area_mm2?: number;
  /** The room's size printed in its stamp instead of an area, width by length (mm). */
  printed_size_mm?: [number, number];
  /** The floor-plan view the room is drawn in, when the sheet shows more than one. */
  view?: string;
}
export interface ResultDto {
  rooms: RoomDto[];
  statistics: { total_windows: number; total_doors: number; ceiling_height_mm: number };
  metadata: { units?: string; page_width_mm?: number; page_height_mm?: number; scale_number?: number; paper_size?: string; scale_ratio?: string };
  outside_detection?: { detection_available: boolean; exterior_polygon?: PointMm[]; total_walls_mm: number; outside_windows: OpeningDto[]; outside_doors: OpeningDto[]; outside_windows_count: number; outside_doors_count: number };
  /** `areas_mm`: the places on the plan a warning is about (the spaces in no room of `unmeasured_space`). */
  warnings?: { code: string; message: string; areas_mm?: PointMm[][] }[];
  project_data?: { s3_png_url?: string; name?: string };
  filename?: string; name?: string; title?: string; project_name?: string;
  /** Raised by every saved edit: another number than the one this tab saved means another tab saved. */
  edits_version?: number;
}
export interface CeilingScaleDto { scale_ratio: string; scale_number: number; paper_size: string; ceilling_hight_mm: number }

export const getCeilingScale = (id: string) => apiRequest<CeilingScaleDto>(`/user/projects/${id}/ceilling-scale`);
export const saveCeilingScale = (id: string, body: CeilingScaleDto) => apiRequest<CeilingScaleDto>(`/user/projects/${id}/ceilling-scale`, { method: 'POST', json: body });
export const runAllDetections = (id: string) =>
  apiRequest(`/projects/${id}/all-detections`, { query: { confidence: 0.1, overlap: 0.9, overlay: false, min_room_width: 200, min_room_height: 200 } });
export const getResult = (id: string) => apiRequest<ResultDto>(`/user/projects/${id}/result`);
export const getProject = (id: string) => apiRequest<any>(`/user/projects/${id}`);

/** Walls view edits: rename a room and/or leave it out of the totals. roomId is the room's id, else its list index. */
export interface RoomPatchDto { label?: string; excluded?: boolean }
export const roomKey = (r: RoomDto, index: number) => r.id ?? String(index);
export const updateRoom = (projectId: string, roomId: string, patch: RoomPatchDto) =>
  apiRequest<RoomDto>(`/user/projects/${projectId}/rooms/${encodeURIComponent(roomId)}`, { method: 'PATCH', json: patch });

/** The editor's whole set of rooms (outlines in mm, windows and doors); answers the re-measured result. */
export const saveRooms = (projectId: string, body: unknown) => apiRequest<ResultDto>(`/user/projects/${projectId}/rooms`, { method: 'PUT', json: body });
/** "Reset to detected" for the whole plan. */
export const resetRoomEdits = (projectId: string, roomId: string) =>
  apiRequest<ResultDto>(`/user/projects/${projectId}/rooms/${encodeURIComponent(roomId)}/edits`, { method: 'DELETE' });
export const resetEdits = (projectId: string) => apiRequest<ResultDto>(`/user/projects/${projectId}/edits`, { method: 'DELETE' });

/** The page PNG needs the Authorization header, so it is fetched and shown through an object URL. */
export async function fetchPlanImage(url: string): Promise<Blob> {
  const session = getSession();
  const headers: Record<string, string> = {};
  if (session) headers.Authorization = `${session.tokenType === 'bearer' ? 'Bearer' : session.tokenType} ${session.accessToken}`;
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`Plan image request failed with status ${res.status}`);
  return res.blob();
}
