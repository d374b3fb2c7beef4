import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// antd's date pickers and our own display (utils/date) work with dayjs: Chinese month and weekday names. The
// signed-in layout imports this module (dayjs is part of its first load anyway).
dayjs.locale('zh-cn');
