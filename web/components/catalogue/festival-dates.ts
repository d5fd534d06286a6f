/** '2025-06-15' reads as 'Sunday, June 15, 2025' (the date alone, whatever the viewer's zone). */
export { longDate } from '../../../contract/festival-time';
