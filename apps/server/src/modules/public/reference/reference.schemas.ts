import { z } from 'zod';
import { areaCodeParam } from '../../../platform/http/params';

/** getSiteInfoList's filters (the wire shape is contracts' siteInfoQuery), parsed into the areas they name. */
export const siteListQuery = z.object({
  cityCode: areaCodeParam.optional().describe('城市区划代码'),
  areaCode: areaCodeParam.optional().describe('区县区划代码'),
});
