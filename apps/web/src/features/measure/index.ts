// Public entry of the measure feature for other features (e.g. the landing page).
export { TutorialVideo } from './components/tutorial-video';
