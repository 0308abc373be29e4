/**
 * Vietnamese texts of the statistics pages (flood analysis's charts use some too). `en.ts` beside it has the same keys.
 */
export const statisticsVi = {
  statistics: {
    rainStations: 'Trạm đo mưa',
    comparison: 'So sánh số liệu',
    rainTab: 'Dữ liệu mưa',
    waterTab: 'Dữ liệu mực nước',
    modeRange: 'Một trạm theo thời gian',
    modeMoment: 'Nhiều trạm tại một thời điểm',
    station: 'Trạm đo',
    chooseStation: 'Chọn trạm',
    range: 'Khoảng thời gian',
    date: 'Ngày',
    hour: 'Giờ',
    export: 'Xuất Excel',
    noData: 'Không có dữ liệu',
    noValue: 'Không có số liệu',
    axisTime: 'Thời gian',
    axisStation: 'Trạm',
    axisRain: 'Lượng mưa (mm/h)',
    floodPeak: 'Đỉnh lũ lớn nhất: {{value}} ({{event}})',
    axisWater: 'Mực nước (m)',
    level1: 'Cấp I',
    level2: 'Cấp II',
    level3: 'Cấp III',
    rainRangeChart: 'Biểu đồ lượng mưa theo thời gian',
    waterRangeChart: 'Biểu đồ mực nước theo thời gian',
    rainMomentChart: 'Biểu đồ lượng mưa các trạm tại một thời điểm',
    waterMomentChart: 'Biểu đồ mực nước các trạm tại một thời điểm',
  },
} as const;
