export { getTemplateCategories } from '../helpers/templateCategories';
