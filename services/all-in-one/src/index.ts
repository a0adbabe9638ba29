export { startPortal, demoDataWanted } from './portal';
