export { ScreenMirror } from './screen-mirror';
