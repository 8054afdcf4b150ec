// The shared page layout (header, footer) used as the router's layout route.
export { AppLayout, HEADER_HEIGHT_PX } from './app-layout';
export { useLogout } from './use-logout';
