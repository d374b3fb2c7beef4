import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// antd's date pickers work with dayjs: Chinese month and weekday names. The signed-in layout imports this
// module (dayjs is part of its first load anyway); moment, for our own display, comes with utils/date.
dayjs.locale('zh-cn');
