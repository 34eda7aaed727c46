// The direct Weka calls behind README.md's "Found by parity fuzz": run with
//     java -cp /usr/share/java/weka.jar ports/weka/direct/WekaDirect.java [N]
// (a single-file Java program, JDK 11+; N: the samples of the timing, default 5000).
import weka.classifiers.Evaluation;
import weka.core.*;

public class WekaDirect {
    static Instances nominal(String... values) {
        FastVector nom = new FastVector();
        for (String v : values) nom.addElement(v);
        FastVector atts = new FastVector();
        atts.addElement(new Attribute("class", nom));
        Instances h = new Instances("direct", atts, 0);
        h.setClassIndex(0);
        return h;
    }
    static Instances numeric() {
        FastVector atts = new FastVector();
        atts.addElement(new Attribute("target"));
        Instances h = new Instances("direct", atts, 0);
        h.setClassIndex(0);
        return h;
    }
    public static void main(String[] args) throws Exception {
        // precision_recall_fscore_support(y_true=[1], y_pred=[1], sample_weight=[0.0], average=None)
        Instances h = nominal("1");
        Evaluation e = new Evaluation(h);
        Instance x = new Instance(0.0, new double[]{0.0});
        x.setDataset(h);
        e.evaluateModelOnceAndRecordPrediction(new double[]{1.0}, x);
        System.out.println("zero weight: precision(0)=" + e.precision(0) + " recall(0)=" + e.recall(0)
            + " fMeasure(0)=" + e.fMeasure(0) + " support=" + e.confusionMatrix()[0][0]);
        // roc_auc_score(y_true=[3,1,0], 3 score columns, sample_weight=[0,0,0], multi_class=ovr, average=weighted)
        Instances h3 = nominal("0", "1", "3");
        Evaluation e3 = new Evaluation(h3);
        double[][] s = {{0.44947768944542366, 0.26128876888261166, 0.28923354167196474},
                        {0.4904034096722949, 0.266017876810805, 0.24357871351690005},
                        {0.22718799899909206, 0.5450608079051575, 0.22775119309575048}};
        double[] y = {2, 1, 0};
        for (int i = 0; i < 3; i++) {
            Instance xi = new Instance(0.0, new double[]{y[i]});
            xi.setDataset(h3);
            e3.evaluateModelOnceAndRecordPrediction(s[i], xi);
        }
        System.out.println("zero weights: weightedAreaUnderROC()=" + e3.weightedAreaUnderROC());
        // root_mean_squared_error on n values at magnitude 1e150 and at magnitude 1: the time taken
        int n = Integer.parseInt(args.length > 0 ? args[0] : "5000");
        for (double scale : new double[]{1.0, 1e150}) {
            java.util.Random r = new java.util.Random(0);
            Instances hn = numeric();
            Evaluation en = new Evaluation(hn);
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                Instance xi = new Instance(1.0 + r.nextDouble(), new double[]{scale * (5 + 5 * r.nextDouble())});
                xi.setDataset(hn);
                en.evaluateModelOnceAndRecordPrediction(new double[]{scale * (5 + 5 * r.nextDouble())}, xi);
            }
            double rmse = en.rootMeanSquaredError();
            System.out.printf("n=%d scale=%g: rootMeanSquaredError()=%g in %.2f s%n", n, scale, rmse, (System.nanoTime() - t0) / 1e9);
        }
    }
}
